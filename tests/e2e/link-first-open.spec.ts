// Every emailed link's first open in a new, slow browser, on the production build.
import { defineLinkFirstOpenTests } from './support/linkFirstOpen';

defineLinkFirstOpenTests();
