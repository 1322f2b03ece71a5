/** What a person may do in stitchboard, each role able to do all that the ones before it may:
 * - viewer: sees;
 * - operator: gives reasons, splits stops, says "I'm on it", enters rejects;
 * - supervisor: targets, planned stops, sends reports;
 * - admin: settings, channels, people. */
export const ROLES = ['viewer', 'operator', 'supervisor', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role)

/** Whether `role` may do what `needed` may. */
export const roleAtLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed)
