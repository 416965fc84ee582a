import type { RoutingPlan, RoutingSettings } from "./routing-schemas";

/** The plan answering a number: the one naming it, else the one answering every other number; none: the specification's plain queue. */
export function findPlan(settings: RoutingSettings, to: string): RoutingPlan | null {
  return settings.plans.find((p) => p.numbers.includes(to)) ?? settings.plans.find((p) => p.numbers.length === 0) ?? null;
}
