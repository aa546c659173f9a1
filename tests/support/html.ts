const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (m) => entities[m] ?? m)
    .trim();
}

/** Text of the page's first <h1>. */
export function headingOf(html: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1] === undefined ? undefined : text(match[1]);
}

export function titleOf(html: string): string | undefined {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  return match?.[1] === undefined ? undefined : text(match[1]);
}

/** Every opening <script> and <style> tag in the document. */
export function inlineTags(html: string): string[] {
  return html.match(/<(script|style)\b[^>]*>/g) ?? [];
}

/** What a page's loader script (client/app-loader.ts) fetches after the first paint: its chunks and entry modules. */
export function appLoadOf(html: string): { preloads: string[]; modules: string[] } {
  const match = /\}\)\((\[[^\]]*\]),(\[[^\]]*\])\)<\/script>/.exec(html);
  if (!match?.[1] || !match[2]) return { preloads: [], modules: [] };
  return { preloads: JSON.parse(match[1]), modules: JSON.parse(match[2]) };
}
