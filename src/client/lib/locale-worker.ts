// The worker of locale-warm-up.ts: makes the page's formatters once and says so.
import { makeFormatters } from '../../shared/format';

makeFormatters();
postMessage('ready');
