import { z } from "zod";

// Dates taken in query strings. ISO 8601 allows year 0000, which JavaScript
// reads and PostgreSQL refuses ("date/time field value out of range": a 500,
// or an export cut off mid-stream), and a day range adds a day to its end.
// So years run from 0001 to 9998, which no real filter comes near.
const inRange = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9998;
};
const RANGE_MESSAGE = "must be between the years 0001 and 9998.";

/** A whole day, YYYY-MM-DD. */
export function isoDay(message = "must be a date (YYYY-MM-DD).") {
  return z.iso.date(message).refine(inRange, RANGE_MESSAGE);
}

/** A whole day (YYYY-MM-DD, UTC) or an exact instant (ISO 8601 with a zone). */
export function isoDayOrInstant(message = "must be a date (YYYY-MM-DD) or an ISO 8601 date-time.") {
  return z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: message }).refine(inRange, RANGE_MESSAGE);
}
