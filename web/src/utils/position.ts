/** Lowest position first: a guide's configurations, the creator's slots, an order's images. */
export const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

export const sortedByPosition = <T extends { position: number }>(items: readonly T[]): T[] => [...items].sort(byPosition);
