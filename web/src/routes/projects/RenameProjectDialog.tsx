import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type Project, UpdateProjectRequest } from '../../../../contract/projects.js';
import { useUpdateProject } from '../../api/projects.js';
import { Field } from '../../components/ui/Field.js';
import { FormDialog } from '../../components/ui/FormDialog.js';
import { Input } from '../../components/ui/Input.js';
import { errorText } from '../../lib/form-errors.js';
import { useFormErrors } from '../../lib/use-form-errors.js';

const FIELDS = ['name'] as const;

/** Renames a project; its traces follow (they name it by id). A taken name is refused under the field. */
export function RenameProjectDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const [name, setName] = useState(project.name);
  const update = useUpdateProject();
  const form = useFormErrors(FIELDS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(UpdateProjectRequest, { name });
    if (!body?.name) return;
    if (body.name === project.name) return onClose();
    update.mutate(
      { id: project.id, changes: { name: body.name } },
      {
        onSuccess: (res) => {
          toast.success(`${project.name} renamed to ${res.name}`);
          onClose();
        },
        onError: (err) => {
          if (!form.fail(err))
            toast.error(`Failed to rename project: ${errorText(err, 'Something went wrong')}`);
        },
      },
    );
  };

  return (
    <FormDialog
      title={`Rename ${project.name}`}
      description="Its traces follow, and assistants must use the new name from now on."
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      onCancel={onClose}
      onSubmit={submit}
      pending={update.isPending}
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
              form.clear('name');
            }}
            autoComplete="off"
          />
        )}
      </Field>
    </FormDialog>
  );
}
