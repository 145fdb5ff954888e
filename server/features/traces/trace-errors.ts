import { AppError } from '../../http/errors.js';

/** 409 duplicate_trace of an edit or create: content is unique per person (ADR 0005). */
export function duplicateContent(otherId?: string): AppError {
  return new AppError(
    409,
    'duplicate_trace',
    'Another trace already has this content',
    otherId ? [{ path: 'content', message: `Trace ${otherId} already has this content` }] : undefined,
  );
}

/** 409 duplicate_trace of a restore from the bin: an active trace has its content now. */
export function restoreConflict(otherId?: string): AppError {
  return new AppError(
    409,
    'duplicate_trace',
    'This trace cannot be restored: an active trace has the same content',
    otherId ? [{ path: 'id', message: `Trace ${otherId} already has this content` }] : undefined,
  );
}
