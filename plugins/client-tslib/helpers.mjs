// The tslib helpers the browser bundle uses, from tslib's own ES module (see ./index.ts).
export {__importDefault} from 'tslib/tslib.es6.mjs';
