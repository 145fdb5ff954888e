import { type ClientRow, clientsRepo } from './clients.repo.js';

export type { ClientRow };

/**
 * Client rows as the rest of the OAuth feature sees them. The protocol server (oauth/server/)
 * looks clients up before anyone is signed in, registers dynamic ones and stamps last use; the
 * consent step (oauth/consent/) claims a client for the person who approves it. Each call takes
 * the caller's transaction. Listing, renaming and deleting a person's own clients stay behind
 * clients.service (the REST API), so this is the narrower door.
 */
export const clientRecords = {
  findByClientId: clientsRepo.findByClientId,
  findById: clientsRepo.findById,
  documentClientExists: clientsRepo.documentClientExists,
  insert: clientsRepo.insert,
  claim: clientsRepo.claim,
  upsertDocumentClient: clientsRepo.upsertDocumentClient,
  touchLastUsed: clientsRepo.touchLastUsed,
  deleteUnclaimedDynamic: clientsRepo.deleteUnclaimedDynamic,
};
