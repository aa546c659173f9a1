// The HTML attributes of invoker commands (a button that opens or closes a <dialog> with no script), which React
// passes through as written and its types do not list yet.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | undefined;
    commandfor?: string | undefined;
  }
}
