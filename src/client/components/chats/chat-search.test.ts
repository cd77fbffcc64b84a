import { describe, expect, it } from 'vitest';
import { validateChatSearch } from './chat-search';
import { cleanMessage } from './use-chat-actions';

describe('/chats URL state', () => {
  it('reads the open chat and the new-chat mode the listing page links to', () => {
    expect(validateChatSearch({ chat: 12 })).toEqual({ chat: 12 });
    expect(validateChatSearch({ chat: '12' })).toEqual({ chat: 12 });
    // The router's parser hands over ?startChat=true&listingId=5&sellerId=3 as a boolean and numbers.
    expect(validateChatSearch({ startChat: true, listingId: 5, sellerId: 3 })).toEqual({ startChat: true, listingId: 5, sellerId: 3 });
    expect(validateChatSearch({ startChat: 'true', listingId: '5', sellerId: '3' })).toEqual({ startChat: true, listingId: 5, sellerId: 3 });
  });

  it('drops what cannot be an id, and new-chat mode without all three parameters', () => {
    expect(validateChatSearch({ chat: 'abc' })).toEqual({});
    expect(validateChatSearch({ chat: 0 })).toEqual({});
    expect(validateChatSearch({ chat: -4 })).toEqual({});
    expect(validateChatSearch({ chat: 1.5 })).toEqual({});
    expect(validateChatSearch({ chat: '9'.repeat(30) })).toEqual({});
    expect(validateChatSearch({ startChat: true, listingId: 5 })).toEqual({});
    expect(validateChatSearch({ startChat: 'yes', listingId: 5, sellerId: 3 })).toEqual({});
    expect(validateChatSearch({ startChat: false, listingId: 5, sellerId: 3, chat: 7 })).toEqual({ chat: 7 });
  });
});

describe('a message as the server stores it', () => {
  it('is trimmed, keeps its inner line breaks, and is blank when only spaces and invisible characters were typed', () => {
    expect(cleanMessage('  Hei!\r\nEr den solgt?  ')).toBe('Hei!\nEr den solgt?');
    expect(cleanMessage(' \n\u200b\t ')).toBe('');
  });
});
