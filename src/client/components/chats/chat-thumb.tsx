import { Box, Flex } from '@chakra-ui/react';
import { CarFront } from 'lucide-react';
import { useState } from 'react';

/** The listing's first photo at list size; a car mark on the brand tint when there is none or it does not load. */
export function ChatThumb({ src, alt, size = 14 }: { src?: string | null; alt: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <Box w={size} h={size} flexShrink={0} rounded="lg" overflow="hidden" bg="bg.muted" borderWidth="1px" borderColor="border.muted">
      {src && !broken ? (
        <Box asChild w="full" h="full" objectFit="cover">
          <img src={src} alt={alt} loading="lazy" decoding="async" width={112} height={112} onError={() => setBroken(true)} />
        </Box>
      ) : (
        <Flex w="full" h="full" align="center" justify="center" bgGradient="to-br" gradientFrom="brand.50" gradientTo="brand.100" color="brand.400" data-testid="chat-thumb-placeholder">
          <CarFront size={size > 12 ? 24 : 18} strokeWidth={1.5} aria-hidden />
        </Flex>
      )}
    </Box>
  );
}
