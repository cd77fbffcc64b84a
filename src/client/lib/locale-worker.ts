// The worker of locale-warm-up.ts: makes the page's formatters once, says so and ends itself.
import { makeFormatters } from '../../shared/format';

makeFormatters();
postMessage('ready');
close();
