import { expect, test } from 'vitest'
import { t } from '../../../test/messages'
import { failureWords } from './failure-words'

test.each([
  [
    'a series the service does not know',
    new Error('Thread cone series not found: NFP-41'),
    'the service has no series “NFP-41” (its words: “Thread cone series not found: NFP-41”)',
  ],
  [
    'a series the service cannot read',
    new Error('GetThreadConeList: Die Datei ist beschädigt'),
    'the service could not read this series; its own message, which may be in another language: “Die Datei ist beschädigt”',
  ],
  [
    'a licence refused',
    new Error('Invalid licence token.'),
    "the server's thread-cone licence (WEB_API_LICENSE) is missing or not accepted: “Invalid licence token.”",
  ],
  [
    'anything else: the message itself',
    new Error('The thread-cone service did not answer within 15 s'),
    'The thread-cone service did not answer within 15 s',
  ],
  [
    'a colour not found: the message itself (the page says more beside it)',
    new Error('Thread cone not found: NFP-40 / 01004'),
    'Thread cone not found: NFP-40 / 01004',
  ],
  ['not an Error', 'boom', 'Something went wrong'],
])('%s', (_, error, expected) => {
  expect(failureWords(error, t)).toBe(expected)
})
