/** Theme tokens shared by every page. Status colours come in pairs (fill + readable text) and are
 * always shown together with a text label or icon, never as the only signal. */
/** @type {import('tailwindcss').Config} */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        status: {
          running: '#15803d',
          stopped: '#b91c1c',
          threadbreak: '#f46d43',
          idle: '#6b7280',
          setup: '#1d4ed8',
          error: '#7f1d1d',
          offline: '#7b3294',
          unknown: '#b8860b',
        },
      },
      fontSize: {
        // kiosk type scale: readable from 5 m on 1920×1080, sharp at 3840×2160 (rem-based)
        'kiosk-sm': ['1.25rem', { lineHeight: '1.6rem' }],
        'kiosk-base': ['1.6rem', { lineHeight: '2rem' }],
        'kiosk-lg': ['2.2rem', { lineHeight: '2.6rem' }],
        'kiosk-xl': ['3rem', { lineHeight: '3.4rem' }],
        'kiosk-2xl': ['4.5rem', { lineHeight: '1' }],
      },
    },
  },
}
