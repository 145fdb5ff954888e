import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { RenameTagRequest, type TagCount } from '../../../../contract/tags.js';
import { useTagChange } from '../../api/tags.js';
import { Button } from '../../components/ui/Button.js';
import { FormDialog } from '../../components/ui/FormDialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input } from '../../components/ui/Input.js';
import { ApiError } from '../../lib/api-error.js';
import { errorText } from '../../lib/form-errors.js';
import { useFormErrors } from '../../lib/use-form-errors.js';

const FIELDS = ['name'] as const;

/**
 * Renames a tag on every trace. A name that is already a tag is refused by the server
 * (`tag_exists`): the dialog says so under the field and offers to merge the two instead.
 */
export function RenameTagDialog({
  tag,
  onClose,
  onMergeInstead,
}: {
  tag: TagCount;
  onClose(): void;
  onMergeInstead(into: string): void;
}) {
  const [name, setName] = useState(tag.name);
  const [taken, setTaken] = useState<string | null>(null);
  const { rename } = useTagChange();
  const form = useFormErrors(FIELDS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(RenameTagRequest, { name });
    if (!body) return;
    if (body.name === tag.name) return onClose();
    rename.mutate(
      { tag: tag.name, name: body.name },
      {
        onSuccess: (res) => {
          toast.success(
            `#${tag.name} renamed to #${res.name} on ${res.changed} ${res.changed === 1 ? 'trace' : 'traces'}`,
          );
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'tag_exists') setTaken(body.name);
          if (!form.fail(err)) toast.error(`Failed to rename tag: ${errorText(err, 'Something went wrong')}`);
        },
      },
    );
  };

  return (
    <FormDialog
      title={`Rename #${tag.name}`}
      description={`On all ${tag.count} ${tag.count === 1 ? 'trace' : 'traces'} that carry it.`}
      onOpenChange={(open) => !open && !rename.isPending && onClose()}
      onCancel={onClose}
      onSubmit={submit}
      pending={rename.isPending}
      submitLabel="Rename"
      pendingLabel="Renaming..."
    >
      <Field label="New name" required error={form.errors.name}>
        {(ids) => (
          <Input
            {...ids}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTaken(null);
              form.clear('name');
            }}
            autoComplete="off"
          />
        )}
      </Field>
      {taken && (
        <Button type="button" variant="secondary" size="sm" onClick={() => onMergeInstead(taken)}>
          Merge #{tag.name} into #{taken} instead
        </Button>
      )}
    </FormDialog>
  );
}
