/*
 * How dependency-cruiser (.dependency-cruiser.cjs) reads .ts and .tsx files.
 *
 * dependency-cruiser 17 parses TypeScript with the compiler's JavaScript API, which TypeScript 7 no longer
 * has, or through Babel. Babel's TypeScript preset would drop type-only imports, yet the rules must see
 * them (no Fastify types in the domain), so this plugin only parses TypeScript (and JSX in .tsx) and
 * rewrites each file to its module references: `import 'x'` for every static import and re-export (types
 * included) and `import('x')` for every dynamic import. dependency-cruiser reads the result with acorn.
 */

/** @param {{ types: import('@babel/core').types }} babel */
function keepModuleReferences({ types: t }) {
  const staticRef = (source) => t.importDeclaration([], t.stringLiteral(source));
  return {
    manipulateOptions(opts, parserOpts) {
      parserOpts.plugins.push('typescript');
      if (opts.filename?.endsWith('.tsx')) parserOpts.plugins.push('jsx');
    },
    visitor: {
      Program(program) {
        const refs = [];
        program.traverse({
          'ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration'(path) {
            if (path.node.source) refs.push(staticRef(path.node.source.value));
          },
          // `import('x').Type` in a type position
          TSImportType(path) {
            refs.push(staticRef(path.node.argument.value));
          },
          CallExpression(path) {
            const [source] = path.node.arguments;
            if (path.node.callee.type === 'Import' && source?.type === 'StringLiteral') {
              refs.push(t.expressionStatement(t.callExpression(t.import(), [t.stringLiteral(source.value)])));
            }
          },
        });
        program.node.body = refs;
        program.node.directives = [];
      },
    },
  };
}

module.exports = { babelrc: false, configFile: false, comments: false, plugins: [keepModuleReferences] };
