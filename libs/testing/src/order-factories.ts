/** Factories for orders (services/orders): create orders through the gateway for tests. */
export {};
