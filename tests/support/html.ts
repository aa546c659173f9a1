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
