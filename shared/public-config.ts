/** The only configuration that reaches the browser; built by the server's `publicConfig()`. */
export interface PublicConfig {
  siteUrl: string;
  directoryUrl: string;
}
