/**
 * Copies text to the clipboard. `navigator.clipboard` exists only on secure origins (HTTPS or
 * localhost), and self-hosters often open Cairn over plain HTTP on their LAN: there the old
 * select-and-copy path still works.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, but the only way without the async clipboard API.
    if (!document.execCommand('copy')) throw new Error('Copy failed');
  } finally {
    area.remove();
    focused?.focus();
  }
}
