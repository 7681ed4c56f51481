/**
 * Common medicines (UK/EU/US generic names) every clinic starts with, each mapped to the drug
 * class the herbs' interaction cautions name (./drug-classes.ts), so that a patient's "warfarin"
 * meets Ginkgo's "anticoagulants". Written from general knowledge as demo data for trying the
 * program, not clinical guidance: a clinic checks and edits the list (Reference data ›
 * Medicines); a name typed on a patient that the list lacks is added unmapped, for review.
 */
import type { DRUG_CLASSES } from './drug-classes';

type DrugClass = (typeof DRUG_CLASSES)[number];

const GROUPS: ReadonlyArray<readonly [DrugClass, readonly string[]]> = [
  [
    'Anticoagulants and antiplatelets',
    [
      'Warfarin',
      'Acenocoumarol',
      'Apixaban',
      'Rivaroxaban',
      'Edoxaban',
      'Dabigatran',
      'Heparin',
      'Enoxaparin',
      'Aspirin (low dose)',
      'Clopidogrel',
      'Ticagrelor',
      'Dipyridamole',
    ],
  ],
  [
    'SSRIs and other antidepressants',
    [
      'Sertraline',
      'Fluoxetine',
      'Citalopram',
      'Escitalopram',
      'Paroxetine',
      'Fluvoxamine',
      'Venlafaxine',
      'Duloxetine',
      'Mirtazapine',
      'Amitriptyline',
      'Nortriptyline',
      'Trazodone',
      'Bupropion',
      'Vortioxetine',
    ],
  ],
  ['MAO inhibitors', ['Phenelzine', 'Tranylcypromine', 'Moclobemide', 'Selegiline', 'Rasagiline']],
  [
    'Oral contraceptives',
    [
      'Levonorgestrel with ethinylestradiol',
      'Drospirenone with ethinylestradiol',
      'Desogestrel',
      'Norethisterone',
    ],
  ],
  [
    'Antihypertensives',
    [
      'Amlodipine',
      'Nifedipine',
      'Diltiazem',
      'Verapamil',
      'Ramipril',
      'Lisinopril',
      'Perindopril',
      'Enalapril',
      'Losartan',
      'Candesartan',
      'Valsartan',
      'Bisoprolol',
      'Atenolol',
      'Metoprolol',
      'Propranolol',
      'Doxazosin',
    ],
  ],
  [
    'Diuretics',
    [
      'Furosemide',
      'Bumetanide',
      'Bendroflumethiazide',
      'Indapamide',
      'Hydrochlorothiazide',
      'Chlortalidone',
      'Spironolactone',
      'Amiloride',
    ],
  ],
  ['Cardiac glycosides (digoxin)', ['Digoxin']],
  [
    'Corticosteroids',
    [
      'Prednisolone',
      'Prednisone',
      'Hydrocortisone',
      'Dexamethasone',
      'Methylprednisolone',
      'Budesonide',
    ],
  ],
  [
    'Immunosuppressants (ciclosporin, tacrolimus)',
    ['Ciclosporin', 'Tacrolimus', 'Sirolimus', 'Mycophenolate mofetil', 'Azathioprine', 'Methotrexate'],
  ],
  ['HIV protease inhibitors', ['Ritonavir', 'Darunavir', 'Atazanavir', 'Lopinavir with ritonavir']],
  [
    'Antidiabetics',
    [
      'Metformin',
      'Gliclazide',
      'Glimepiride',
      'Sitagliptin',
      'Empagliflozin',
      'Dapagliflozin',
      'Pioglitazone',
      'Semaglutide',
      'Liraglutide',
      'Insulin glargine',
      'Insulin (other)',
    ],
  ],
  [
    'Sedatives and hypnotics',
    ['Zopiclone', 'Zolpidem', 'Diazepam', 'Lorazepam', 'Temazepam', 'Alprazolam', 'Clonazepam'],
  ],
  ['Thyroid hormones', ['Levothyroxine', 'Liothyronine']],
  ['Iron supplements', ['Ferrous sulfate', 'Ferrous fumarate', 'Ferrous gluconate']],
  ['Lithium', ['Lithium carbonate', 'Lithium citrate']],
];

/** [medicine name, drug class name] */
export const MEDICINES: ReadonlyArray<readonly [string, DrugClass]> = GROUPS.flatMap(
  ([drugClass, names]) => names.map((name) => [name, drugClass] as const),
);
