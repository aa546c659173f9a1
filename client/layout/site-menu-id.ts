/** The menu drawer's element id, which the header's menu button names in `commandfor` (client/layout/mobile-menu.tsx). */
export const SITE_MENU_ID = 'site-menu';
