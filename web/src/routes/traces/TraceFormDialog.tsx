import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  CATEGORIES,
  type Category,
  characterCount,
  type CreateTraceResponse,
  IMPORTANCES,
  type Importance,
  type Trace,
  TRACE_LIMITS,
} from '../../../../contract/traces.js';
import { useCreateTrace, useUpdateTrace } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input, Textarea } from '../../components/ui/Input.js';
import { Select } from '../../components/ui/Select.js';
import { useDiscardGuard } from '../../components/ui/use-discard-guard.js';
import { errorText, serverFieldErrors } from '../../lib/form-errors.js';
import { formatTags } from '../../lib/tags.js';
import { changedFields, createRequestOf } from '../../lib/trace-form.js';
import { CreateOutcome } from './CreateOutcome.js';
import { offerToMarkReplaced } from './offer-mark-replaced.js';

type FieldName = 'title' | 'content' | 'tags';
type Errors = Partial<Record<FieldName, string>>;

const FORM_ID = 'trace-form';
const AUTO = { value: 'auto', label: 'Auto (let Cairn decide)' } as const;
const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: c }));
const IMPORTANCE_OPTIONS = IMPORTANCES.map((i) => ({ value: i, label: i }));

const FIELDS: readonly FieldName[] = ['title', 'content', 'tags'];

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The trace to edit; without it the dialog creates one. */
  trace?: Trace | null;
};

/**
 * Create/Edit trace dialog. Mount it with a new `key` for each opening so the
 * form starts fresh. Creating with Category/Importance on "Auto" (and no tags) lets the server
 * categorise; editing with either on "Auto" has it suggest that field again from the edited text
 * (ADR 0007). A duplicate or near-duplicates are shown instead of closing (ADR 0008); a memory
 * the new one may replace is named in a toast that can mark it (ADR 0034).
 */
export function TraceFormDialog({ open, onOpenChange, trace }: Props) {
  const editing = Boolean(trace);
  const [title, setTitle] = useState(trace?.title ?? '');
  const [content, setContent] = useState(trace?.content ?? '');
  const [category, setCategory] = useState<Category | 'auto'>(trace?.category ?? 'auto');
  const [importance, setImportance] = useState<Importance | 'auto'>(trace?.importance ?? 'auto');
  const [tags, setTags] = useState(formatTags(trace?.tags ?? []));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<CreateTraceResponse | null>(null);
  const create = useCreateTrace();
  const update = useUpdateTrace();
  const queryClient = useQueryClient();
  const pending = create.isPending || update.isPending;

  const fail = (verb: 'create' | 'update', err: unknown) => {
    toast.error(`Failed to ${verb} trace: ${errorText(err, 'Something went wrong')}`);
    setErrors(serverFieldErrors(err, FIELDS));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (content.trim() === '') {
      setErrors({ content: 'Content is required' });
      document.querySelector<HTMLTextAreaElement>(`#${FORM_ID} textarea`)?.focus();
      return;
    }
    setErrors({});
    const values = { title, content, category, importance, tags };
    if (!trace) {
      create.mutate(createRequestOf(values), {
        onSuccess: (created) => {
          if (created.duplicate_of) return setOutcome(created);
          toast.success('Trace created successfully!');
          // Near-duplicates keep the dialog open to decide; a memory it may replace is only named,
          // in a toast that can mark it (on the same subject is common, and saving must not stall).
          if (created.similar?.length) return setOutcome(created);
          onOpenChange(false);
          const [outdated] = created.possibly_outdated ?? [];
          if (outdated) offerToMarkReplaced(queryClient, outdated, created.id);
        },
        onError: (err) => fail('create', err),
      });
      return;
    }
    const changes = changedFields(trace, values);
    if (Object.keys(changes).length === 0) return onOpenChange(false);
    update.mutate(
      { id: trace.id, changes },
      {
        onSuccess: (updated) => {
          toast.success('Trace updated successfully!');
          onOpenChange(false);
          const [outdated] = updated.possibly_outdated ?? [];
          if (outdated) offerToMarkReplaced(queryClient, outdated, updated.id);
        },
        onError: (err) => fail('update', err),
      },
    );
  };

  // Typed content is not thrown away by a stray overlay click or Escape: ask first.
  const initial = {
    title: trace?.title ?? '',
    content: trace?.content ?? '',
    category: trace?.category ?? 'auto',
    importance: trace?.importance ?? 'auto',
    tags: formatTags(trace?.tags ?? []),
  };
  const dirty =
    title !== initial.title ||
    content !== initial.content ||
    category !== initial.category ||
    importance !== initial.importance ||
    tags !== initial.tags;
  const discard = useDiscardGuard({
    dirty,
    pending,
    close: () => onOpenChange(false),
    unsaved: editing ? 'Your edits to this trace are not saved yet.' : 'This trace is not saved yet.',
  });

  if (outcome) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={outcome.duplicate_of ? 'Already in your memories' : 'Similar memories found'}
      >
        <CreateOutcome outcome={outcome} onClose={() => onOpenChange(false)} />
      </Dialog>
    );
  }

  const count = characterCount(content);
  return (
    <Dialog
      open={open}
      onOpenChange={discard.requestOpenChange}
      // The dialog opens for writing: start in the box that matters (the title is optional).
      initialFocus={editing ? undefined : () => document.querySelector<HTMLElement>(`#${FORM_ID} textarea`)}
      title={editing ? 'Edit Trace' : 'Create New Trace'}
      description={
        editing ? undefined : 'Save something your AI assistants should remember. Only the content is needed.'
      }
      className="max-w-xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={pending}>
            {editing
              ? update.isPending
                ? 'Saving...'
                : 'Save Changes'
              : create.isPending
                ? 'Creating...'
                : 'Create Trace'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-4">
        <Field label={<Optional label="Title" note="(optional)" />} error={errors.title}>
          {(ids) => (
            <Input
              {...ids}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={TRACE_LIMITS.titleMax}
              placeholder="A short name for this memory"
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          label="Content"
          required
          error={errors.content}
          hint={
            count > TRACE_LIMITS.contentMax * 0.8
              ? `${count.toLocaleString('en-US')} / ${TRACE_LIMITS.contentMax.toLocaleString('en-US')} characters`
              : undefined
          }
        >
          {(ids) => (
            <Textarea
              {...ids}
              value={content}
              onChange={(e) => {
                setContent(e.target.value);
                if (errors.content) setErrors({ ...errors, content: undefined });
              }}
              aria-required="true"
              rows={7}
              placeholder="What should your assistants remember?"
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category">
            {(ids) => (
              <Select
                {...ids}
                value={category}
                onValueChange={(v) => setCategory(v as Category | 'auto')}
                options={[AUTO, ...CATEGORY_OPTIONS]}
              />
            )}
          </Field>
          <Field label="Importance">
            {(ids) => (
              <Select
                {...ids}
                value={importance}
                onValueChange={(v) => setImportance(v as Importance | 'auto')}
                options={[AUTO, ...IMPORTANCE_OPTIONS]}
              />
            )}
          </Field>
        </div>
        <Field
          label={<Optional label="Tags" note="(comma-separated)" />}
          error={errors.tags}
          hint={editing ? undefined : 'Leave empty and Cairn suggests tags.'}
        >
          {(ids) => (
            <Input
              {...ids}
              value={tags}
              onChange={(e) => setTags(e.target.value)}
              placeholder="e.g. travel, family"
              autoComplete="off"
            />
          )}
        </Field>
      </form>
      {discard.confirm}
    </Dialog>
  );
}

function Optional({ label, note }: { label: string; note: string }) {
  return (
    <>
      {label} <span className="font-normal text-fg-muted">{note}</span>
    </>
  );
}
