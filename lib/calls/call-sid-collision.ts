import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";

/**
 * A provider callback named a call that another organization's record
 * holds. The provider's call ids are unique across its accounts, so this is a forged or
 * misrouted callback: it is logged for the operator and refused (409), and the
 * other organization's record is never touched.
 */
export function callSidOfAnotherOrganization({ organizationId, callSid }: { organizationId: number; callSid: string }): AppError {
  logger.warn("provider callback named another organization's call", { organization_id: organizationId, call_sid: callSid });
  return AppError.conflict("This call belongs to another account.");
}
