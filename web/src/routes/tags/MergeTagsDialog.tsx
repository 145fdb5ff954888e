import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { MergeTagsRequest } from '../../../../contract/tags.js';
import { useTagChange } from '../../api/tags.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input } from '../../components/ui/Input.js';
import { errorText } from '../../lib/form-errors.js';
import { useFormErrors } from '../../lib/use-form-errors.js';

const FIELDS = ['into', 'tags'] as const;
const FORM_ID = 'merge-tags-form';

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
    <Dialog
      open
      onOpenChange={(open) => !open && !merge.isPending && onClose()}
      title={`Merge ${tags.length} tags`}
      description={tags.map((t) => `#${t}`).join(', ')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={merge.isPending}>
            {merge.isPending ? 'Merging...' : 'Merge'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
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
      </form>
    </Dialog>
  );
}
