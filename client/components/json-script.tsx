import { useNonce } from '#client/nonce.tsx';
import { serializeForScript } from '#client/public-config.tsx';

/**
 * A `<script>` of JSON (JSON-LD, speculation rules, the public configuration) with the response's CSP nonce, like
 * every other inline script.
 */
export function JsonScript({ type, data, id }: { type: string; data: unknown; id?: string }) {
  const nonce = useNonce();
  return (
    <script
      id={id}
      type={type}
      nonce={nonce}
      // Browsers hide the nonce attribute after load, so the hydrated value never matches the server's.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeForScript(data) }}
    />
  );
}
