// The one home of writing values into HTML by hand (the server's rendered pages: src/shared/page-head.ts
// renderHeadHtml, the dehydrated query state). Whatever a user typed must reach the browser as text, never as markup.

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value (either quote): no tag, entity or quote survives. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * JSON for the inside of a `<script>` (`application/json`, `application/ld+json`, or a JS literal): `<`, `>` and `&`
 * as \u escapes, so neither `</script>` nor `<!--` can end or comment the script (the HTML parser reads a script's text
 * raw, https://html.spec.whatwg.org/#script-data-state), and U+2028/U+2029 escaped too, as older JavaScript parsers end
 * a string at them. JSON.parse gives back the original value.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
