// Runs inline in <head> before first paint so a remembered theme never flashes.
export const THEME_STORAGE_KEY = 'theme';

export const themeScript = `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
