import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import type { ProviderConfig } from "@/lib/twilio/provider-config";
import { providerRestClient } from "@/lib/twilio/rest-client";

/**
 * With provider credentials, a number is the organization's only if the
 * provider's account lists it among its incoming phone numbers (GET
 * …/IncomingPhoneNumbers.json?PhoneNumber=…): 422 under its field otherwise,
 * 502 when the provider cannot be asked. Without credentials (an organization
 * on the call simulator) there is no account to ask and the numbers are taken
 * as given; uniqueness across organizations still holds. Runs before any
 * write, never inside a transaction.
 */
export async function confirmProviderNumbers(config: Pick<ProviderConfig, "account_sid" | "auth_token">, byField: Record<string, string[]>): Promise<void> {
  const rest = providerRestClient(config as ProviderConfig);
  if (!rest) return;
  const asked = Object.entries(byField).flatMap(([field, numbers]) => [...new Set(numbers)].map((number) => ({ field, number })));
  const answers = await Promise.all(
    asked.map(async ({ field, number }) => {
      try {
        const listed = await rest.incomingPhoneNumbers.list({ phoneNumber: number, limit: 1 });
        return { field, number, listed: listed.some((n) => n.phoneNumber === number) };
      } catch (error) {
        logger.warn("provider number check failed", { number, error: (error as Error).message });
        throw AppError.upstream(`The telephony provider could not be asked whether its account holds ${number}; nothing was saved, try again.`);
      }
    }),
  );
  const errors: Record<string, string[]> = {};
  for (const { field, number } of answers.filter((a) => !a.listed)) (errors[field] ??= []).push(`${number} is not a number of the provider account ${config.account_sid}.`);
  if (Object.keys(errors).length) throw AppError.validation(errors, "The provider account does not hold these numbers; nothing was saved.");
}
