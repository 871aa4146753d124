/** Stands in for stylesheet imports under jest. */
export default {};
