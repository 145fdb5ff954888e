import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { MergeTagsRequest } from '../../../../contract/tags.js';
import { useTagChange } from '../../api/tags.js';
import { FormDialog } from '../../components/ui/FormDialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input } from '../../components/ui/Input.js';
import { errorText } from '../../lib/form-errors.js';
import { useFormErrors } from '../../lib/use-form-errors.js';

const FIELDS = ['into', 'tags'] as const;

/** Merges tags: every trace carrying one of them carries the chosen name instead, once. */
export function MergeTagsDialog({
  tags,
  into: suggested,
  onClose,
  onMerged,
}: {
  tags: readonly string[];
  /** The name to merge into, when the person already said (a rename onto a taken name). */
  into?: string;
  onClose(): void;
  onMerged(): void;
}) {
  const [into, setInto] = useState(suggested ?? tags[0] ?? '');
  const { merge } = useTagChange();
  const form = useFormErrors(FIELDS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(MergeTagsRequest, { tags: [...tags], into });
    if (!body) return;
    merge.mutate(body, {
      onSuccess: (res) => {
        toast.success(`Merged into #${res.name} on ${res.changed} ${res.changed === 1 ? 'trace' : 'traces'}`);
        onMerged();
        onClose();
      },
      onError: (err) => {
        if (!form.fail(err)) toast.error(`Failed to merge tags: ${errorText(err, 'Something went wrong')}`);
      },
    });
  };

  return (
    <FormDialog
      title={`Merge ${tags.length} tags`}
      description={tags.map((t) => `#${t}`).join(', ')}
      onOpenChange={(open) => !open && !merge.isPending && onClose()}
      onCancel={onClose}
      onSubmit={submit}
      pending={merge.isPending}
      submitLabel="Merge"
      pendingLabel="Merging..."
    >
      <Field
        label="Merge into"
        required
        error={form.errors.into ?? form.errors.tags}
        hint="One of them, or a new name. Traces that carried several get it once."
      >
        {(ids) => (
          <Input
            {...ids}
            value={into}
            list="merge-into-options"
            onChange={(e) => {
              setInto(e.target.value);
              form.clear();
            }}
            autoComplete="off"
          />
        )}
      </Field>
      <datalist id="merge-into-options">
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </FormDialog>
  );
}
