import { Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { pageWindow } from '../../lib/page-window';

/** Numbered paging for /annonser. Real links (the page is in the URL), so they can be opened in a new tab. */
export function SearchPagination({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Sider" justify="center" gap="1" mt={{ base: 8, md: 10 }} flexWrap="wrap">
      <PageLink page={page - 1} disabled={page <= 1} label="Forrige side">
        <ChevronLeft size={16} aria-hidden /> Forrige
      </PageLink>
      <HStack gap="1" display={{ base: 'none', sm: 'flex' }}>
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <Text key={`gap${i}`} px="1" color="fg.muted" aria-hidden>
              …
            </Text>
          ) : (
            <PageLink key={p} page={p} current={p === page} label={`Side ${p}`}>
              {p}
            </PageLink>
          ),
        )}
      </HStack>
      <Text display={{ base: 'block', sm: 'none' }} px="3" fontSize="sm" color="fg.muted">
        Side {page} av {pages}
      </Text>
      <PageLink page={page + 1} disabled={page >= pages} label="Neste side">
        Neste <ChevronRight size={16} aria-hidden />
      </PageLink>
    </HStack>
  );
}

function PageLink(props: { page: number; label: string; children: ReactNode; disabled?: boolean; current?: boolean }) {
  if (props.disabled) {
    return (
      <Button variant="ghost" size="sm" disabled>
        {props.children}
      </Button>
    );
  }
  return (
    <Button asChild variant={props.current ? 'solid' : 'ghost'} colorPalette={props.current ? 'brand' : 'gray'} size="sm" minW="9">
      <Link
        from="/annonser"
        to="."
        search={(prev) => ({ ...prev, page: props.page > 1 ? props.page : undefined })}
        aria-label={props.label}
        aria-current={props.current ? 'page' : undefined}
      >
        {props.children}
      </Link>
    </Button>
  );
}
