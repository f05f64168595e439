// Every emailed link's first open in a new, slow browser, on the stack as `npm start` runs it.
import { defineLinkFirstOpenTests } from '../support/linkFirstOpen';

defineLinkFirstOpenTests();
