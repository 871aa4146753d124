/**
 * A payload class checked against the wire interface it implements, in both directions:
 * `implements` fails when the class lacks a field of the interface, `Mirror` fails when the
 * class has a field the interface does not (a client typed by the interface would not know
 * to send it).
 *
 *   export class CreateOrderBody implements CreateOrderRequest { … }
 *   type CheckedBodies = [Mirror<CreateOrderBody, CreateOrderRequest>];
 */
export type Mirror<C extends I & { [K in Exclude<keyof C, keyof I>]: never }, I> = C;
