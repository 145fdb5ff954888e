import { CopyButton } from '../../components/ui/CopyButton.js';

/** One labelled value with a copy button; the toast names it (spec: "{label} copied to clipboard"). */
export function CredentialRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2.5 py-1.5 font-mono text-sm break-all text-fg">
          {value}
        </code>
        <CopyButton text={value} label={`Copy ${label}`} successMessage={`${label} copied to clipboard`} />
      </dd>
    </div>
  );
}
