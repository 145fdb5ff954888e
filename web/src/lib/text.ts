/**
 * Cuts `text` to `max` characters and adds "..." when it was longer (the table's content column,
 * the table shows 100 characters). Counts code points, so an emoji is never split in half.
 */
export function truncate(text: string, max = 100): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}...`;
}

/**
 * A server validation message made readable: `content: Content must be at most 20000 characters`
 * becomes `Content must be at most 20,000 characters`. The field path is dropped (the message
 * names the field) and long numbers get thousands separators.
 */
export function readableServerMessage(message: string): string {
  const withoutPath = message.replace(/^[a-z_][\w]*(?:\.[\w]+)*: (?=\S)/, '');
  const text = withoutPath.charAt(0).toUpperCase() + withoutPath.slice(1);
  return text.replace(/\b\d{5,}\b/g, (n) => Number(n).toLocaleString('en-US'));
}
