import { formatDateTime, relativeTime } from '../../lib/relative-time.js';

/** "3 hours ago", with the exact date and time on hover and for machines (<time datetime>). */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {relativeTime(iso)}
    </time>
  );
}
