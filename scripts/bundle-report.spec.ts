import { entryKey, filesNeeded, type Manifest } from './bundle-report';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_mui.js'], dynamicImports: ['src/Login.tsx', 'src/Big.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  '_form.js': { file: 'assets/form.js', imports: ['_mui.js'] },
  '_grid.js': { file: 'assets/grid.js' },
  'src/Login.tsx': { file: 'assets/Login.js', isDynamicEntry: true, imports: ['_form.js', 'index.html'] },
  'src/Big.tsx': { file: 'assets/Big.js', isDynamicEntry: true, imports: ['_grid.js'] },
  'src/style.css': { file: 'assets/style.css' },
};

describe('bundle report', () => {
  it('counts the entry, a route chunk and their static imports once each, never other lazy chunks', () => {
    expect([...filesNeeded(manifest, [entryKey(manifest), 'src/Login.tsx'])].sort()).toEqual(
      ['assets/Login.js', 'assets/form.js', 'assets/index.js', 'assets/mui.js', 'assets/react.js'].sort(),
    );
  });

  it('names a module the manifest does not have', () => {
    expect(() => filesNeeded(manifest, ['src/Gone.tsx'])).toThrow(/no chunk "src\/Gone.tsx"/);
  });
});
