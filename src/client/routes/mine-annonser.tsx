import { createFileRoute } from '@tanstack/react-router';
import { MyListingsPage } from '../components/listing/my-listings';

// SPEC §2 /mine-annonser. The page lives in components/listing so the router's code splitting keeps it
// (and the Chakra parts it alone uses) out of the first load.
export const Route = createFileRoute('/mine-annonser')({ component: MyListingsPage });
