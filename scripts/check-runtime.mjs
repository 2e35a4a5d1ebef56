// Run by `npm start` and `npm test` before anything else: says which Node.js runs the product
// and stops at once, in one line, when it is too old (issue 10).
import { checkNodeVersion } from './lib/runtime-checks.mjs';

const result = checkNodeVersion(process.version);
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}
console.log(`Node.js ${process.version}`);
