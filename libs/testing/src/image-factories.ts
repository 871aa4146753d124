/** Factories for images and videos (services/images): upload through presigned POSTs for tests. */
export {};
