/** Stands in for image imports under jest: the URL a bundler would have produced. */
export default 'test-file-stub';
