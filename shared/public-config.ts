/** The only configuration that reaches the browser; built by the server's `publicConfig()`. */
export interface PublicConfig {
  siteUrl: string;
  directoryUrl: string;
  /** Cal.com team URL; `calendarFor()` in shared/source-tag.ts builds the booking link from it. */
  calTeam: string;
  promoVideo: PromoVideo;
  /** Meta pixel id; without it the pixel never loads (docs/product-rules.md#ad-pixel). */
  metaPixelId: string | undefined;
}

/** The demo video: a YouTube id for desktops (privacy-enhanced embed), a file for phones. */
export interface PromoVideo {
  /** Without an id, desktops play the file too. */
  youtubeId: string | undefined;
  url: string;
  posterUrl: string;
}
