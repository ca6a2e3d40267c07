import { it, expect } from 'vitest';
import { judgeScreeningAnswer } from '../src/evaluation/screening.js';
const cases: [number, string, string][] = [
  [3, 'उम्मीदवार रात की शिफ्ट और रोटेशनल शिफ्ट में काम करने के लिए उपलब्ध है', 'हाँ जी, रात की शिफ्ट कर सकता हूँ। पहले भी तीन साल रोटेशनल शिफ्ट में काम किया है, मुझे कोई दिक्कत नहीं होती।'],
  [3, 'उम्मीदवार सप्ताहांत और रात की शिफ्ट में काम करने को तैयार है', 'जी हाँ, बिल्कुल। वीकेंड पर काम करना मेरे लिए मुश्किल नहीं है, और नाइट शिफ्ट भी चलेगी।'],
  [3, 'उम्मीदवार रात की शिफ्ट में काम कर सकता है', 'हाँ, कर सकता हूँ। घर पर कोई रोकने वाला नहीं है, रात में काम करने से मुझे फर्क नहीं पड़ता।'],
  [3, 'उम्मीदवार रविवार को काम करने के लिए उपलब्ध है', 'हाँ, रविवार को आ सकता हूँ, उसमें कोई समस्या नहीं। बस शनिवार को कभी कभी छुट्टी चाहिए होगी।'],
  [1, 'Available for rotating shifts including nights', "Yes. I've worked nights before and it never bothered me, no one at home minds either."],
  [2, 'Bereit, im Schichtdienst inklusive Nachtschichten zu arbeiten', 'Ja, Nachtschichten habe ich jahrelang gemacht, das stört mich nicht. Meine Familie hat auch nichts dagegen.'],
  [5, 'Disponible pour travailler en horaires décalés, y compris de nuit', "Oui, j'ai déjà travaillé de nuit, ça ne me gêne pas du tout, et ma famille n'y voit pas d'inconvénient."],
];
it.each(cases)('%i %s | %s', (language, criterion, answer) => {
  expect(judgeScreeningAnswer(criterion, answer, language as never, 'en').outcome).toBe(true);
});
