/**
 * Text a message quotes, at most `count` characters and "..." after a cut: a stored value or a cell's text may be
 * a megabyte, and a message that echoes it whole is no message. Cut by code points, so an emoji never splits in
 * half into an unpaired surrogate; only the first few characters are split at all, so a megabyte costs nothing.
 * @example shortened("Contoso GPU cluster in West Europe") // "Contoso GPU cluster ..."
 */
export function shortened(text: string, count = 20): string {
  // Each code point is at most two UTF-16 units: 4 x count units always hold count of them and one more.
  const characters = Array.from(text.length > 4 * count ? text.slice(0, 4 * count) : text);
  return characters.length > count ? `${characters.slice(0, count).join("")}...` : text;
}
