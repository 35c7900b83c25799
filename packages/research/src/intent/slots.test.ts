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

test('a topic drops a deadline said in any of seven languages, or as a clause of its own', () => {
  const rows: [string, string][] = [
    [
      'inflacion y salario minimo en mexico para el lunes plis',
      'inflacion y salario minimo en mexico',
    ],
    [
      'les bétons bas carbone face au gel, pour la fin du mois',
      'les bétons bas carbone face au gel',
    ],
    ['le udienze da remoto, entro venerdì se possibile', 'le udienze da remoto'],
    ['Flaky Tests in CI-Pipelines bis Freitag', 'Flaky Tests in CI-Pipelines'],
    ['الصيانة التنبؤية للمضخات، وياليت تكون جاهزة قبل الخميس', 'الصيانة التنبؤية للمضخات'],
    [
      'tariff design in rural Ghana, ideally before the ministry meeting',
      'tariff design in rural Ghana',
    ],
    ['aerosol formation at night, no deadline really', 'aerosol formation at night'],
    // a time that is the subject's own stays
    ['trade policy before 1990', 'trade policy before 1990'],
    ['lesiones del ligamento antes de la cirugía', 'lesiones del ligamento antes de la cirugía'],
    // and Italian and German request nouns open no topic
    ['studio su come i tribunali gestiscono le udienze', 'come i tribunali gestiscono le udienze'],
    ['was zu Flaky Tests', 'Flaky Tests'],
  ];
  for (const [span, topic] of rows) assert.equal(cleanTopic(span), topic, span);
});
