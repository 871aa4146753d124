/** Injection tokens shared by every service. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const SERVICE_LOGGER = Symbol('SERVICE_LOGGER');
export const SERVICE_DEFINITION = Symbol('SERVICE_DEFINITION');
