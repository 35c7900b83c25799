import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanTopic } from './slots.ts';

test('a topic drops the words of the request around it, in five languages', () => {
  const rows: [string, string][] = [
    ['whether sleep helps memory', 'sleep helps memory'],
    ['à propos de la fatigue des soignants de nuit', 'la fatigue des soignants de nuit'],
    ['aimerais que tu étudies les effets du jeûne', 'les effets du jeûne'],
    [
      'la corrosion des armatures dans le béton armé stp',
      'la corrosion des armatures dans le béton armé',
    ],
    ['fallas en puentes porfa', 'fallas en puentes'],
    ["sull'impatto dello smart working", 'impatto dello smart working'],
    ['sulla siccità in Sicilia', 'siccità in Sicilia'],
    ['فيما إذا كان الصيام يحسن التركيز', 'الصيام يحسن التركيز'],
    ['تحلية المياه بالطاقة الشمسية فتخصصي هو الهندسة الكيميائية', 'تحلية المياه بالطاقة الشمسية'],
    ['دور وسائل التواصل، أنا في مجال العلوم السياسية', 'دور وسائل التواصل'],
  ];
  for (const [span, topic] of rows) assert.equal(cleanTopic(span), topic, span);
});
