/**
 * Cuts `text` to `max` characters and adds "..." when it was longer (the table's content column,
 * the table shows 100 characters). Counts code points, so an emoji is never split in half.
 */
export function truncate(text: string, max = 100): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}...`;
}
