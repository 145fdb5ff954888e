import { SHORTCUTS } from '../../lib/shortcuts.js';
import { Dialog } from '../ui/Dialog.js';

/** `?`: every keyboard shortcut, with its keys as they are pressed. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" className="max-w-md">
      <dl className="divide-y divide-line text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.does} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-fg-muted">{s.does}</dt>
            <dd className="flex shrink-0 gap-1">
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-line bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-fg"
                >
                  {k}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
