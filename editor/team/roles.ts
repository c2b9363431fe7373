/** The team editor's roles, each allowed what the one before it is, and more. */
export const ROLES = ["viewer", "author", "publisher", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Whether a person with `role` may do what `needed` may. */
export const roleAtLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);
