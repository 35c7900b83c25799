// Occupations people name as their own, in English, French, Spanish, Portuguese, Italian,
// German and Arabic (both genders where they differ), for the role span corrections: a
// word here that the writer says of themselves is their role.

/**
 * One-word occupations, lower case with accents as written. Not the feminine forms that are
 * also fields ("química", "bioestadística", "كيميائية", chemical) or their adjectives.
 */
export const OCCUPATIONS: readonly string[] = (
  'electrician plumber welder bricklayer stonemason roofer glazier joiner ' + // English
  'cabinetmaker woodworker woodturner upholsterer locksmith blacksmith farrier plasterer ' +
  'tiler decorator painter housepainter mechanic machinist toolmaker boilermaker ' +
  'pipefitter steelworker ironworker metalworker scaffolder labourer laborer handyman ' +
  'builder contractor subcontractor forewoman landscaper gardener groundskeeper tailor ' +
  'seamstress dressmaker shoemaker cobbler jeweller jeweler goldsmith silversmith ' +
  'watchmaker clockmaker glassblower engraver bookbinder luthier saddler tinsmith gunsmith ' +
  'signwriter lineman technician surveyor draughtsman draftsman draughtswoman drywaller ' +
  'miner artisan craftsman craftswoman farmer rancher farmhand smallholder crofter ' +
  'winegrower vintner viticulturist winemaker beekeeper apiarist herdsman herder goatherd ' +
  'shepherdess fisherman fisherwoman trawlerman fishmonger butcher confectioner ' +
  'chocolatier distiller brewmaster cheesemaker chef sous-chef barista bartender barman ' +
  'barmaid sommelier waiter waitress caterer grocer greengrocer agronomist arborist ' +
  'forester gamekeeper ranger zookeeper jockey florist horticulturist orchardist nurse ' +
  'midwife doula physio physiotherapist paramedic optician optometrist orthoptist ' +
  'hygienist radiographer sonographer pharmacist podiatrist chiropodist chiropractor ' +
  'osteopath dietitian dietician nutritionist psychologist psychiatrist psychotherapist ' +
  'psychoanalyst therapist counsellor counselor audiologist caregiver carer anaesthetist ' +
  'anesthesiologist cardiologist dermatologist neurologist neurosurgeon oncologist ' +
  'paediatrician pediatrician gynaecologist gynecologist obstetrician radiologist ' +
  'pathologist urologist ophthalmologist orthodontist dentist surgeon physician ' +
  'veterinarian vet phlebotomist orthotist prosthetist neonatologist geriatrician ' +
  'rheumatologist gastroenterologist nephrologist pulmonologist hospitalist medic ' +
  'homeopath naturopath acupuncturist reflexologist masseur masseuse hypnotherapist ' +
  'lecturer tutor headteacher headmaster headmistress schoolteacher schoolmaster ' +
  'schoolmistress educator instructor trainer docent librarian archivist curator ' +
  'conservator restorer nanny childminder babysitter governess invigilator undergrad ' +
  'undergraduate postgrad postgraduate postdoc freshman sophomore fresher schoolboy ' +
  'schoolgirl intern apprentice trainee musician actor actress dancer ballerina ' +
  'photographer illustrator sculptor artist animator cartoonist composer conductor ' +
  'songwriter pianist violinist cellist guitarist drummer bassist organist percussionist ' +
  'saxophonist trumpeter flautist flutist harpist vocalist deejay choreographer playwright ' +
  'screenwriter novelist poet writer author journalist reporter columnist editor publisher ' +
  'translator interpreter filmmaker cinematographer videographer producer comedian ' +
  'magician puppeteer juggler acrobat clown stuntman stuntwoman ceramicist calligrapher ' +
  'typographer copywriter blogger vlogger podcaster influencer streamer youtuber presenter ' +
  'broadcaster announcer narrator storyteller busker tattooist hairdresser hairstylist ' +
  'stylist beautician manicurist barber cosmetologist esthetician aesthetician printmaker ' +
  'muralist lyricist librettist arranger accompanist chorister essayist biographer ' +
  'ghostwriter subeditor photojournalist cameraman camerawoman designer architect ' +
  'accountant auditor bookkeeper paralegal notary clerk secretary receptionist salesperson ' +
  'salesman saleswoman buyer recruiter headhunter broker stockbroker underwriter actuary ' +
  'banker cashier teller economist statistician analyst consultant entrepreneur ' +
  'businessman businesswoman shopkeeper retailer wholesaler merchant trader realtor ' +
  'auctioneer appraiser valuer adjuster treasurer comptroller marketer proofreader typist ' +
  'stenographer administrator lawyer solicitor barrister attorney conveyancer mediator ' +
  'arbitrator bailiff magistrate prosecutor logistician dispatcher storekeeper ' +
  'warehouseman janitor caretaker cleaner housekeeper concierge doorman bouncer lifeguard ' +
  'bodyguard manager freelancer ceo cfo cto founder cofounder co-founder investor ' +
  'bookseller telemarketer ombudsman lobbyist publicist spokesperson spokesman spokeswoman ' +
  'developer programmer coder sysadmin tester webmaster pentester pen-tester technologist ' +
  'roboticist cryptographer hacker policeman policewoman constable detective firefighter ' +
  'fireman soldier sailor airman diplomat ambassador bureaucrat postman postwoman mailman ' +
  'coastguard councillor councilor mayor senator legislator politician lawmaker sergeant ' +
  'lieutenant colonel warden jailer inspector investigator caseworker chaplain priest ' +
  'pastor vicar rabbi imam nun monk missionary paratrooper infantryman cadet serviceman ' +
  'servicewoman clergyman deacon curate trooper driver pilot courier trucker chauffeur ' +
  'cabbie navigator deckhand boatswain helmsman skipper stevedore docker longshoreman ' +
  'steward stewardess aviator astronaut cosmonaut deliveryman ferryman boatman haulier ' +
  'signalman railwayman seafarer seaman mariner biologist chemist physicist geologist ' +
  'hydrogeologist hydrologist oceanographer entomologist ornithologist virologist ' +
  'immunologist toxicologist pharmacologist epidemiologist demographer cartographer ' +
  'volcanologist vulcanologist seismologist glaciologist geographer geophysicist ' +
  'geochemist biochemist microbiologist bacteriologist mycologist botanist zoologist ' +
  'ecologist ethologist primatologist herpetologist ichthyologist mammalogist ' +
  'paleontologist palaeontologist archaeologist archeologist anthropologist sociologist ' +
  'linguist philologist historian philosopher mathematician astronomer astrophysicist ' +
  'cosmologist meteorologist climatologist limnologist geneticist neuroscientist ' +
  'physiologist anatomist endocrinologist haematologist hematologist parasitologist ' +
  'criminologist theologian musicologist numismatist genealogist lexicographer taxonomist ' +
  'crystallographer metallurgist mineralogist petrologist sedimentologist hydrographer ' +
  'topographer bioinformatician astrobiologist egyptologist palynologist dendrologist ' +
  'biophysicist biostatistician econometrician psycholinguist neurobiologist gerontologist ' +
  'ethnographer ethnologist arachnologist speleologist geomorphologist birder birdwatcher ' +
  'stargazer twitcher angler naturalist philatelist hobbyist homebrewer caver spelunker ' +
  'potholer mountaineer gamer ' +
  // French
  'électricien électricienne plombier plombière soudeur soudeuse maçon maçonne couvreur ' +
  'couvreuse vitrier vitrière menuisier menuisière ébéniste charpentière serrurier ' +
  'serrurière forgeron forgeronne tapissier tapissière plâtrier plâtrière plaquiste ' +
  'carreleur carreleuse peintre mécanicien mécanicienne tourneur tourneuse fraiseur ' +
  'fraiseuse chaudronnier chaudronnière tôlier tôlière ferronnier ferronnière chauffagiste ' +
  'frigoriste électrotechnicien électrotechnicienne tailleur couturier couturière ' +
  'cordonnier cordonnière bijoutier bijoutière joaillier joaillière orfèvre horloger ' +
  'horlogère graveur graveuse relieur relieuse luthière sellier sellière maréchal-ferrant ' +
  'paysagiste jardinier jardinière artisane technicien technicienne géomètre dessinateur ' +
  'dessinatrice marbrier marbrière ramoneur ramoneuse vitrailliste terrassier terrassière ' +
  'grutier grutière cariste magasinier magasinière manutentionnaire déménageur déménageuse ' +
  'carrossier carrossière garagiste agriculteur agricultrice viticulteur viticultrice ' +
  'vigneron vigneronne apiculteur apicultrice éleveur éleveuse bergère pêcheur pêcheuse ' +
  'maraîcher maraîchère arboriculteur arboricultrice horticulteur horticultrice fromager ' +
  'fromagère boulangère bouchère pâtissier pâtissière chocolatière confiseur confiseuse ' +
  'brasseur brasseuse caviste sommelière cuisinier cuisinière traiteur serveur serveuse ' +
  'poissonnier poissonnière charcutier charcutière épicier épicière fleuriste agronome ' +
  'forestier forestière bûcheron bûcheronne garde-chasse garde-forestier paysan paysanne ' +
  'fermier fermière chevrier chevrière ostréiculteur ostréicultrice pisciculteur ' +
  'piscicultrice céréalier céréalière œnologue oenologue restaurateur restauratrice ' +
  'infirmier infirmière sage-femme maïeuticien maïeuticienne kiné kinésithérapeute ' +
  'ambulancier ambulancière secouriste opticien opticienne orthoptiste radiologue ' +
  'pharmacien pharmacienne orthophoniste ergothérapeute psychomotricien psychomotricienne ' +
  'podologue pédicure diététicien diététicienne nutritionniste psychologue psychiatre ' +
  'psychothérapeute psychanalyste ostéopathe chiropracteur chiropractrice audioprothésiste ' +
  'dentiste chirurgien chirurgienne pédiatre cardiologue dermatologue neurologue ' +
  'gynécologue ophtalmologue anesthésiste urologue oncologue rhumatologue vétérinaire ' +
  'aide-soignant aide-soignante puériculteur puéricultrice orthodontiste prothésiste ' +
  'hygiéniste sophrologue naturopathe acupuncteur acupunctrice brancardier brancardière ' +
  'laborantin laborantine instituteur institutrice enseignant enseignante proviseur ' +
  'proviseure éducateur éducatrice formateur formatrice précepteur préceptrice surveillant ' +
  'surveillante bibliothécaire documentaliste archiviste conservateur conservatrice ' +
  'médiateur médiatrice animateur animatrice moniteur monitrice nounou nourrice lycéen ' +
  'lycéenne collégien collégienne doctorant doctorante postdoctorant postdoctorante ' +
  'thésard thésarde stagiaire apprenti apprentie alternant alternante interne ' +
  'enseignant-chercheur enseignante-chercheuse musicien musicienne acteur actrice comédien ' +
  'comédienne danseur danseuse photographe illustrateur illustratrice sculpteur sculptrice ' +
  'artiste caricaturiste compositeur compositrice chanteur chanteuse parolier parolière ' +
  'pianiste violoniste violoncelliste guitariste batteur batteuse bassiste organiste ' +
  'percussionniste saxophoniste trompettiste flûtiste harpiste chorégraphe dramaturge ' +
  'scénariste romancier romancière poète poétesse écrivain écrivaine auteur autrice ' +
  'auteure journaliste chroniqueur chroniqueuse éditeur éditrice traducteur traductrice ' +
  'interprète cinéaste réalisateur réalisatrice producteur productrice humoriste magicien ' +
  'magicienne marionnettiste jongleur jongleuse acrobate cascadeur cascadeuse céramiste ' +
  'calligraphe typographe graphiste infographiste rédacteur rédactrice blogueur blogueuse ' +
  'vidéaste influenceur influenceuse youtubeur youtubeuse présentateur présentatrice ' +
  'conteur conteuse tatoueur tatoueuse coiffeur coiffeuse esthéticien esthéticienne ' +
  'styliste maquilleur maquilleuse manucure photojournaliste caméraman cadreur cadreuse ' +
  'monteur monteuse architecte décorateur décoratrice doreur doreuse lithographe mosaïste ' +
  'mannequin comptable expert-comptable auditeur auditrice juriste notaire greffier ' +
  'greffière clerc secrétaire réceptionniste vendeur vendeuse acheteur acheteuse recruteur ' +
  'recruteuse courtier courtière actuaire banquier banquière caissier caissière guichetier ' +
  'guichetière économiste statisticien statisticienne analyste consultante entrepreneuse ' +
  'commerçant commerçante grossiste négociant négociante commissaire-priseur trésorier ' +
  'trésorière contrôleur contrôleuse assureur assureuse avocat avocate huissier huissière ' +
  'magistrat procureur procureure logisticien logisticienne gardien gardienne gouvernante ' +
  'videur videuse maître-nageur gestionnaire standardiste dactylo sténographe correcteur ' +
  'correctrice lobbyiste fondateur fondatrice cofondateur cofondatrice investisseur ' +
  'investisseuse libraire fonctionnaire auto-entrepreneur auto-entrepreneuse développeur ' +
  'développeuse programmeur programmeuse codeur codeuse testeur testeuse informaticien ' +
  'informaticienne webmestre intégrateur intégratrice roboticien roboticienne cryptographe ' +
  'policier policière gendarme inspecteur inspectrice enquêteur enquêtrice pompier ' +
  'pompière sapeur-pompier soldat soldate militaire matelot diplomate ambassadeur ' +
  'ambassadrice facteur factrice douanier douanière député députée sénateur sénatrice ' +
  'préfet préfète conseiller conseillère aumônier aumônière prêtre pasteure curé rabbin ' +
  'moine missionnaire légionnaire parachutiste chauffeuse conducteur conductrice pilote ' +
  'routier routière camionneur camionneuse livreur livreuse coursier coursière navigateur ' +
  'navigatrice cheminot cheminote aiguilleur aiguilleuse batelier batelière astronaute ' +
  'spationaute aviateur aviatrice machiniste convoyeur convoyeuse biologiste chimiste ' +
  'physicien physicienne géologue hydrogéologue hydrologue océanographe entomologiste ' +
  'ornithologue virologue immunologiste immunologue toxicologue pharmacologue ' +
  'épidémiologiste démographe cartographe volcanologue vulcanologue sismologue glaciologue ' +
  'géographe géophysicien géophysicienne géochimiste biochimiste microbiologiste ' +
  'bactériologiste mycologue botaniste zoologiste écologue éthologue primatologue ' +
  'herpétologiste herpétologue ichtyologiste ichtyologue paléontologue archéologue ' +
  'anthropologue sociologue linguiste philologue historien historienne philosophe ' +
  'mathématicien mathématicienne astronome astrophysicien astrophysicienne cosmologiste ' +
  'météorologue climatologue limnologue généticien généticienne neurobiologiste ' +
  'physiologiste anatomiste endocrinologue hématologue parasitologue criminologue ' +
  'théologien théologienne musicologue numismate généalogiste lexicographe taxonomiste ' +
  'cristallographe métallurgiste minéralogiste pétrologue sédimentologue hydrographe ' +
  'topographe bioinformaticien bioinformaticienne astrobiologiste égyptologue palynologue ' +
  'biophysicien biophysicienne biostatisticien biostatisticienne psycholinguiste ' +
  'gérontologue ethnologue ethnographe spéléologue géomorphologue pédologue politologue ' +
  'randonneur randonneuse philatéliste naturaliste alpiniste bricoleur bricoleuse ' +
  // Spanish
  'electricista fontanero fontanera plomero plomera soldador soldadora albañil albañila ' +
  'techador techadora vidriero vidriera cristalero cristalera carpintero carpintera ' +
  'ebanista cerrajero cerrajera forjador forjadora tapicero tapicera yesero yesera ' +
  'escayolista alicatador alicatadora solador soladora pintor pintora mecánico ' +
  'tornero tornera fresador fresadora calderero calderera chapista jardinero jardinera ' +
  'paisajista artesano artesana técnico topógrafo topógrafa delineante costurera ' +
  'modisto modista zapatera joyero joyera orfebre relojero relojera grabador grabadora ' +
  'encuadernador encuadernadora lutier talabartero talabartera herrador herradora ' +
  'marmolista gruista carretillero carretillera transportista electromecánico ' +
  'instalador instaladora montador montadora carrocero carrocera capataz ' +
  'contratista constructor constructora agricultor agricultora granjero granjera campesino ' +
  'campesina viticultor viticultora vinicultor vinicultora apicultor apicultora ganadero ' +
  'ganadera pescador pescadora mariscador mariscadora horticultor horticultora hortelano ' +
  'hortelana arboricultor arboricultora quesero quesera panadero panadera carnicero ' +
  'carnicera pastelero pastelera repostero repostera confitero confitera chocolatero ' +
  'cervecero cervecera destilador destiladora bodeguero bodeguera enólogo enóloga sumiller ' +
  'cocinero cocinera camarero camarera mesero mesera pescadero pescadera charcutero ' +
  'charcutera frutero frutera verdulero verdulera tendero tendera florista agrónomo ' +
  'agrónoma guardabosques leñador leñadora jornalero jornalera temporero temporera ' +
  'avicultor avicultora acuicultor acuicultora piscicultor piscicultora floricultor ' +
  'floricultora caficultor caficultora enfermero enfermera matrona partera partero ' +
  'fisioterapeuta fisio paramédico óptico optometrista ortoptista ' +
  'higienista radiólogo radióloga farmacéutico logopeda fonoaudiólogo ' +
  'fonoaudióloga terapeuta podólogo podóloga quiropráctico osteópata ' +
  'dietista nutricionista psicólogo psicóloga psiquiatra psicoterapeuta psicoanalista ' +
  'audiólogo audióloga audioprotesista dentista odontólogo odontóloga cirujano cirujana ' +
  'pediatra cardiólogo cardióloga dermatólogo dermatóloga neurólogo neuróloga ginecólogo ' +
  'ginecóloga oftalmólogo oftalmóloga anestesista anestesiólogo anestesióloga urólogo ' +
  'uróloga oncólogo oncóloga reumatólogo reumatóloga veterinario veterinaria cuidador ' +
  'cuidadora celador celadora ortodoncista protésico acupuntor acupuntora ' +
  'masajista naturópata homeópata socorrista camillero camillera laboratorista kinesiólogo ' +
  'kinesióloga obstetra geriatra internista maestro maestra profe docente educador ' +
  'educadora tutora catedrático pedagogo pedagoga psicopedagogo psicopedagoga ' +
  'orientador orientadora formador formadora instructora monitor monitora bibliotecario ' +
  'bibliotecaria archivero archivera archivista conservador conservadora restaurador ' +
  'restauradora museógrafo museógrafa curador curadora niñera niñero puericultor ' +
  'puericultora parvularia becario becaria doctorando doctoranda posdoc pasante ' +
  'practicante aprendiz opositor opositora maestrando maestranda tesista músico ' +
  'actriz bailarín bailarina fotógrafo fotógrafa ilustrador ilustradora escultor escultora ' +
  'artista dibujante animador animadora caricaturista historietista compositor compositora ' +
  'cantante cantautor cantautora letrista pianista violinista violonchelista chelista ' +
  'guitarrista baterista bajista organista percusionista saxofonista trompetista flautista ' +
  'arpista coreógrafo coreógrafa dramaturgo dramaturga guionista novelista poeta poetisa ' +
  'escritor escritora autor autora periodista reportero reportera columnista editora ' +
  'traductor traductora intérprete cineasta realizador realizadora productor productora ' +
  'humorista mago maga titiritero titiritera malabarista acróbata payaso payasa ceramista ' +
  'alfarero alfarera calígrafo calígrafa tipógrafo tipógrafa diseñador diseñadora grafista ' +
  'redactor redactora bloguero bloguera presentador presentadora locutor locutora narrador ' +
  'narradora cuentacuentos tatuador tatuadora peluquero peluquera estilista esteticista ' +
  'maquillador maquilladora manicurista arquitecto arquitecta decorador decoradora ' +
  'interiorista dorador doradora camarógrafo camarógrafa fotoperiodista escenógrafo ' +
  'escenógrafa vestuarista bailaor bailaora cantaor cantaora contable contador contadora ' +
  'auditora asesor asesora gestor gestora notario notaria secretario secretaria ' +
  'recepcionista vendedor vendedora dependiente dependienta comprador compradora ' +
  'reclutador reclutadora bróker actuario actuaria banquero banquera cajero cajera ' +
  'economista estadístico analista consultor consultora emprendedor ' +
  'emprendedora empresario empresaria comerciante mayorista minorista negociante tasador ' +
  'tasadora subastador subastadora tesorero tesorera interventor interventora abogado ' +
  'abogada procurador procuradora fiscal mediador mediadora magistrado magistrada jurista ' +
  'letrado letrada oficinista administrativo administrativa mecanógrafo mecanógrafa ' +
  'taquígrafo taquígrafa corrector correctora conserje portero portera limpiador ' +
  'limpiadora barrendero barrendera basurero basurera vigilante guardaespaldas gobernanta ' +
  'repartidor repartidora mensajero mensajera cartero almacenista teleoperador ' +
  'teleoperadora funcionario funcionaria fundador fundadora cofundador cofundadora ' +
  'inversor inversora inversionista librero librera gerente programador programadora ' +
  'desarrollador desarrolladora informático maquetador maquetadora criptógrafo ' +
  'criptógrafa policía bombero bombera soldado militar marinero marinera diplomático ' +
  'embajador embajadora guardacostas alcalde alcaldesa concejal concejala ' +
  'diputado diputada senador senadora político sargento sargenta teniente coronel ' +
  'carcelero carcelera inspectora capellán sacerdote rabino monja monje misionero ' +
  'misionera legionario legionaria paracaidista aduanero aduanera conductora chófer chofer ' +
  'camionero camionera taxista piloto aviador aviadora azafata azafato sobrecargo ' +
  'estibador estibadora maquinista ferroviario ferroviaria astronauta cosmonauta navegante ' +
  'motorista timonel biólogo bióloga químico físico geólogo geóloga ' +
  'hidrogeólogo hidrogeóloga hidrólogo hidróloga oceanógrafo oceanógrafa entomólogo ' +
  'entomóloga ornitólogo ornitóloga virólogo viróloga inmunólogo inmunóloga toxicólogo ' +
  'toxicóloga farmacólogo farmacóloga epidemiólogo epidemióloga demógrafo demógrafa ' +
  'cartógrafo cartógrafa vulcanólogo vulcanóloga sismólogo sismóloga glaciólogo glacióloga ' +
  'geógrafo geógrafa geofísico geoquímico bioquímico ' +
  'microbiólogo microbióloga bacteriólogo bacterióloga micólogo micóloga botánico ' +
  'zoólogo zoóloga ecólogo ecóloga etólogo etóloga primatólogo primatóloga herpetólogo ' +
  'herpetóloga ictiólogo ictióloga paleontólogo paleontóloga arqueólogo arqueóloga ' +
  'antropólogo antropóloga sociólogo socióloga lingüista filólogo filóloga historiador ' +
  'historiadora filósofo filósofa matemático astrónomo astrónoma astrofísico ' +
  'cosmólogo cosmóloga meteorólogo meteoróloga climatólogo climatóloga ' +
  'limnólogo limnóloga genetista fisiólogo fisióloga anatomista endocrinólogo ' +
  'endocrinóloga hematólogo hematóloga parasitólogo parasitóloga criminólogo criminóloga ' +
  'teólogo teóloga musicólogo musicóloga numismático genealogista lexicógrafo ' +
  'lexicógrafa taxónomo taxónoma cristalógrafo cristalógrafa metalúrgico ' +
  'mineralogista petrólogo petróloga sedimentólogo sedimentóloga hidrógrafo hidrógrafa ' +
  'egiptólogo egiptóloga palinólogo palinóloga biofísico bioestadístico ' +
  'psicolingüista neurobiólogo neurobióloga neurocientífico ' +
  'gerontólogo gerontóloga etnólogo etnóloga etnógrafo etnógrafa espeleólogo espeleóloga ' +
  'geomorfólogo geomorfóloga edafólogo edafóloga politólogo politóloga bioinformático ' +
  'pajarero pajarera senderista montañero montañera filatelista naturalista ' +
  'colombófilo colombófila radioaficionado radioaficionada ' +
  // Portuguese
  'eletricista encanador encanadora canalizador canalizadora pedreiro pedreira telhadista ' +
  'vidraceiro vidraceira marceneiro marceneira carpinteiro carpinteira serralheiro ' +
  'serralheira chaveiro chaveira estofador estofadora gesseiro gesseira estucador ' +
  'estucadora ladrilhador ladrilhadora mecânico torneiro caldeireiro caldeireira ' +
  'funileiro funileira jardineiro jardineira paisagista artesão artesã desenhista ' +
  'desenhador desenhadora costureira costureiro alfaiate sapateiro sapateira joalheiro ' +
  'joalheira ourives relojoeiro relojoeira gravador gravadora encadernador encadernadora ' +
  'seleiro seleira ferrador ferradora empreiteiro empreiteira mestre-de-obras borracheiro ' +
  'borracheira eletrotécnico calceteiro calceteira faz-tudo lavrador ' +
  'lavradora fazendeiro fazendeira criador criadora pecuarista queijeiro queijeira padeiro ' +
  'padeira açougueiro açougueira talhante confeiteiro confeiteira pasteleiro pasteleira ' +
  'doceiro doceira cervejeiro cervejeira escanção cozinheiro cozinheira garçom garçonete ' +
  'peixeiro peixeira feirante verdureiro verdureira agrônomo agrônoma guarda-florestal ' +
  'lenhador lenhadora boia-fria vaqueiro vaqueira cafeicultor cafeicultora seringueiro ' +
  'seringueira sitiante enfermeiro enfermeira parteira parteiro obstetriz radiologista ' +
  'farmacêutico ergoterapeuta podologista quiroprata osteopata psicanalista ' +
  'cirurgião cirurgiã cardiologista dermatologista neurologista ginecologista ' +
  'oftalmologista anestesiologista urologista oncologista reumatologista veterinário ' +
  'veterinária maqueiro maqueira ortodontista protético acupunturista massagista ' +
  'naturopata homeopata instrutor instrutora explicador explicadora bibliotecário ' +
  'bibliotecária arquivista museólogo museóloga babá bolsista bolseiro bolseira doutorando ' +
  'doutoranda mestrando mestranda pós-doc pós-doutorando pós-doutoranda graduando ' +
  'graduanda formando formanda licenciando licencianda estagiário estagiária vestibulando ' +
  'vestibulanda concurseiro concurseira calouro caloura musicista ator atriz bailarino ' +
  'dançarino dançarina quadrinista cantor cantora violoncelista baixista percussionista ' +
  'harpista roteirista argumentista romancista jornalista repórter colunista tradutor ' +
  'tradutora produtor produtora comediante ilusionista palhaço palhaça acrobata ' +
  'marionetista oleiro oleira redator redatora blogueiro blogueira influenciador ' +
  'influenciadora apresentador apresentadora cabeleireiro cabeleireira barbeiro barbeira ' +
  'maquiador maquiadora maquilhador maquilhadora manicure arquiteto arquiteta cinegrafista ' +
  'fotojornalista cenógrafo cenógrafa figurinista dublador dubladora sambista contabilista ' +
  'assessor assessora notário notária tabelião tabeliã escrivão escrivã secretário ' +
  'secretária balconista comerciário comerciária recrutador recrutadora corretor corretora ' +
  'atuário atuária actuário actuária bancário bancária banqueiro banqueira estatístico ' +
  'empreendedor empreendedora empresário empresária lojista atacadista ' +
  'varejista leiloeiro leiloeira avaliador avaliadora tesoureiro tesoureira advogado ' +
  'advogada promotor promotora despachante escriturário escriturária datilógrafo ' +
  'datilógrafa revisor revisora porteiro porteira zelador zeladora faxineiro faxineira ' +
  'diarista gari vigia guarda-costas salva-vidas governanta entregador entregadora motoboy ' +
  'carteiro estoquista almoxarife telefonista servidor servidora funcionário funcionária ' +
  'investidor investidora livreiro livreira microempreendedor microempreendedora ' +
  'desenvolvedor desenvolvedora testador testadora polícia policial bombeiro bombeira ' +
  'marinheiro marinheira diplomata embaixador embaixadora prefeito prefeita vereador ' +
  'vereadora deputado deputada tenente carcereiro carcereira inspetor inspetora delegado ' +
  'delegada detetive capelão freira monge missionário missionária paraquedista fuzileiro ' +
  'fuzileira guarda-noturno perito perita caminhoneiro caminhoneira camionista aeromoça ' +
  'comissário comissária ferroviário ferroviária estivador estivadora barqueiro barqueira ' +
  'timoneiro mototaxista cobrador cobradora entomologista ornitologista virologista ' +
  'imunologista toxicologista farmacologista epidemiologista vulcanologista sismologista ' +
  'glaciologista microbiologista bacteriologista micologista botânico ' +
  'primatologista herpetologista ictiologista paleontologista linguista astrônomo ' +
  'astrônoma meteorologista climatologista geneticista fisiologista endocrinologista ' +
  'hematologista parasitologista criminologista numismata taxonomista metalurgista ' +
  'bioestatístico psicolinguista neurocientista bioinformata radioamador ' +
  'radioamadora columbófilo columbófila trilheiro trilheira ' +
  // Italian
  'elettricista idraulico saldatore saldatrice muratore carpentiere falegname ' +
  'tappezziere tappezziera stuccatore stuccatrice piastrellista imbianchino imbianchina ' +
  'pittore pittrice meccanico tornitore tornitrice fresatore fresatrice ' +
  'carrozziere carrozziera gommista lattoniere vetraio vetraia vetrinista maniscalco sarto ' +
  'sarta stilista calzolaio calzolaia ciabattino gioielliere gioielliera orafo orafa ' +
  'orologiaio orologiaia incisore incisora legatore legatrice liutaio liutaia sellaio ' +
  'sellaia marmista scalpellino giardiniere giardiniera paesaggista artigiano artigiana ' +
  'tecnico geometra disegnatore disegnatrice progettista installatore ' +
  'installatrice manutentore manutentrice impiantista antennista termoidraulico manovale ' +
  'capomastro capocantiere carrellista magazziniere magazziniera facchino facchina ' +
  'spazzacamino restauratore agricoltore agricoltrice contadino contadina viticoltore ' +
  'viticoltrice vignaiolo vignaiola apicoltore apicoltrice allevatore allevatrice ' +
  'pescatore pescatrice ortolano ortolana frutticoltore frutticoltrice orticoltore ' +
  'orticoltrice floricoltore floricoltrice casaro casara fornaio fornaia panettiere ' +
  'panettiera macellaio macellaia pasticciere pasticciera cioccolatiere cioccolatiera ' +
  'gelataio gelataia pizzaiolo pizzaiola birraio birraia distillatore distillatrice ' +
  'enologo enologa cuoco cuoca cameriere cameriera pescivendolo pescivendola salumiere ' +
  'salumiera fruttivendolo fruttivendola fioraio fioraia fiorista agronomo agronoma ' +
  'boscaiolo boscaiola taglialegna bracciante norcino olivicoltore olivicoltrice oste ' +
  'ostessa ristoratore ristoratrice lavapiatti infermiere infermiera ostetrica ostetrico ' +
  'fisioterapista paramedico soccorritore soccorritrice ottico ortottista igienista ' +
  'radiologo radiologa farmacista logopedista podologo podologa chiropratico ' +
  'nutrizionista psicologo psicologa psichiatra audiometrista odontoiatra chirurgo ' +
  'chirurga cardiologo cardiologa dermatologo dermatologa neurologo neurologa ginecologo ' +
  'ginecologa oculista oftalmologo oftalmologa urologo urologa oncologo oncologa ' +
  'reumatologo reumatologa badante barelliere barelliera odontotecnico ' +
  'massaggiatore massaggiatrice omeopata specializzando specializzanda tirocinante ' +
  'educatore educatrice formatore istruttore istruttrice preside bidello bidella supplente ' +
  'conservatore curatore curatrice tata animatore pedagogista assegnista borsista ' +
  'dottorando dottoranda laureando laureanda matricola stagista praticante apprendista ' +
  'liceale attore attrice ballerino danzatore danzatrice fotografo fotografa illustratore ' +
  'scultore scultrice vignettista fumettista compositore cantautore cantautrice paroliere ' +
  'paroliera violoncellista chitarrista batterista sassofonista trombettista coreografo ' +
  'coreografa drammaturgo drammaturga sceneggiatore sceneggiatrice romanziere romanziera ' +
  'scrittore scrittrice autore poetessa giornalista cronista editorialista redattore ' +
  'redattrice editore editrice traduttore traduttrice interprete regista produttore ' +
  'produttrice cabarettista prestigiatore prestigiatrice burattinaio burattinaia ' +
  'giocoliere giocoliera vasaio vasaia calligrafo calligrafa tipografo tipografa grafico ' +
  'conduttore conduttrice presentatore presentatrice doppiatore doppiatrice ' +
  'narratore narratrice cantastorie tatuatore tatuatrice parrucchiere parrucchiera ' +
  'barbiere estetista truccatore truccatrice architetto architetta arredatore arredatrice ' +
  'decoratore decoratrice doratore doratrice mosaicista fotoreporter montatore montatrice ' +
  'scenografo scenografa costumista commercialista ragioniere ragioniera contabile ' +
  'revisore giurista notaio notaia cancelliere cancelliera segretario segretaria ' +
  'centralinista commesso commessa venditore venditrice selezionatore selezionatrice ' +
  'mediatore mediatrice attuario attuaria bancario bancaria banchiere banchiera cassiere ' +
  'cassiera sportellista consulente imprenditore imprenditrice negoziante grossista ' +
  'esercente rappresentante tesoriere tesoriera avvocato avvocata avvocatessa procuratore ' +
  'procuratrice magistrato magistrata dattilografo dattilografa stenografo stenografa ' +
  'portinaio portinaia custode colf governante buttafuori bagnino bagnina postino postina ' +
  'corriere fattorino fattorina funzionario funzionaria statale fondatore cofondatore ' +
  'investitore investitrice libraio libraia fiscalista tributarista programmatore ' +
  'programmatrice sviluppatore sviluppatrice sistemista poliziotto poliziotta carabiniere ' +
  'finanziere vigile pompiere soldato soldatessa militare marinaio marinaia diplomatico ' +
  'ambasciatore ambasciatrice sindaco sindaca consigliere consigliera deputato ' +
  'deputata senatore senatrice politico sergente colonnello ispettore ispettrice ' +
  'investigatore investigatrice cappellano prete parroco suora frate missionario ' +
  'missionaria paracadutista doganiere doganiera autista tassista pilota aviatore hostess ' +
  'macchinista ferroviere capotreno controllore portuale tranviere conducente barcaiolo ' +
  'gondoliere nostromo timoniere spedizioniere biologo biologa chimico fisico ' +
  'geologo geologa idrogeologo idrogeologa idrologo idrologa oceanografo ' +
  'oceanografa entomologo entomologa ornitologo ornitologa virologo virologa immunologo ' +
  'immunologa tossicologo tossicologa farmacologo farmacologa epidemiologo epidemiologa ' +
  'demografo demografa cartografo cartografa vulcanologo vulcanologa sismologo sismologa ' +
  'glaciologo glaciologa geografo geografa geofisico geochimico ' +
  'biochimico microbiologo microbiologa batteriologo batteriologa micologo ' +
  'micologa botanico zoologo zoologa ecologo ecologa etologo etologa primatologo ' +
  'primatologa erpetologo erpetologa ittiologo ittiologa paleontologo paleontologa ' +
  'archeologo archeologa antropologo antropologa sociologo sociologa filologo filologa ' +
  'storico filosofo filosofa matematico astronomo astronoma astrofisico ' +
  'cosmologo cosmologa meteorologo meteorologa climatologo climatologa ' +
  'limnologo limnologa fisiologo fisiologa endocrinologo endocrinologa ematologo ematologa ' +
  'parassitologo parassitologa criminologo criminologa teologo teologa musicologo ' +
  'musicologa numismatico lessicografo lessicografa tassonomo tassonoma ' +
  'cristallografo cristallografa petrologo petrologa sedimentologo sedimentologa idrografo ' +
  'idrografa egittologo egittologa palinologo palinologa biofisico biostatistico ' +
  'neuroscienziato neuroscienziata neurobiologo neurobiologa gerontologo ' +
  'gerontologa etnologo etnologa etnografo etnografa speleologo speleologa geomorfologo ' +
  'geomorfologa pedologo pedologa politologo politologa bioinformatico ' +
  'radioamatore radioamatrice escursionista filatelico astrofilo astrofila ' +
  'colombofilo colombofila ' +
  // German
  'elektriker elektrikerin elektroniker elektronikerin installateur installateurin ' +
  'klempner klempnerin spengler spenglerin schweißer schweißerin maurerin dachdecker ' +
  'dachdeckerin glaser glaserin tischler tischlerin schreinerin zimmerer zimmerin ' +
  'tischlermeister tischlermeisterin schlosser schlosserin schmied schmiedin hufschmied ' +
  'hufschmiedin goldschmied goldschmiedin polsterer polsterin raumausstatter ' +
  'raumausstatterin stuckateur stuckateurin fliesenleger fliesenlegerin maler malerin ' +
  'lackierer lackiererin mechaniker mechanikerin mechatroniker mechatronikerin ' +
  'kfz-mechaniker kfz-mechanikerin kfz-mechatroniker kfz-mechatronikerin dreher dreherin ' +
  'fräser fräserin zerspaner zerspanerin werkzeugmacher werkzeugmacherin ' +
  'industriemechaniker industriemechanikerin anlagenmechaniker anlagenmechanikerin ' +
  'metallbauer metallbauerin gärtner gärtnerin landschaftsgärtner landschaftsgärtnerin ' +
  'schneiderin näherin modistin schuhmacher schuhmacherin juwelier juwelierin uhrmacher ' +
  'uhrmacherin graveurin buchbinder buchbinderin geigenbauer geigenbauerin sattler ' +
  'sattlerin steinmetz steinmetzin bildhauer bildhauerin gerüstbauer gerüstbauerin ' +
  'handwerker handwerkerin hausmeister hausmeisterin techniker technikerin vermesser ' +
  'vermesserin bauzeichner bauzeichnerin bauleiter bauleiterin polier polierin ' +
  'trockenbauer trockenbauerin elektroinstallateur elektroinstallateurin schornsteinfeger ' +
  'schornsteinfegerin kaminkehrer kaminkehrerin glasbläser glasbläserin drechsler ' +
  'drechslerin töpfer töpferin keramiker keramikerin landwirt landwirtin bäuerin winzer ' +
  'winzerin weinbauer weinbäuerin imker imkerin schäferin hirte hirtin fischerin ' +
  'viehzüchter viehzüchterin züchter züchterin forstwirt forstwirtin förster försterin ' +
  'jägerin metzgerin fleischer fleischerin schlachter schlachterin bäcker bäckerin ' +
  'konditor konditorin brauer brauerin bierbrauer bierbrauerin destillateur destillateurin ' +
  'käser käserin senner sennerin köchin küchenchef küchenchefin kellner kellnerin ' +
  'servicekraft barkeeper barkeeperin gastwirt gastwirtin wirt wirtin gastronom ' +
  'gastronomin agronom agronomin tierwirt tierwirtin pferdewirt pferdewirtin floristin ' +
  'krankenschwester krankenpfleger krankenpflegerin pfleger pflegerin pflegefachmann ' +
  'pflegefachfrau altenpfleger altenpflegerin pflegehelfer pflegehelferin hebamme ' +
  'entbindungspfleger physiotherapeut physiotherapeutin ergotherapeut ergotherapeutin ' +
  'logopäde logopädin sanitäter sanitäterin notfallsanitäter notfallsanitäterin ' +
  'rettungssanitäter rettungssanitäterin optiker optikerin augenoptiker augenoptikerin ' +
  'orthoptistin radiologe radiologin apotheker apothekerin podologe podologin fußpfleger ' +
  'fußpflegerin chiropraktiker chiropraktikerin osteopathin heilpraktiker heilpraktikerin ' +
  'diätassistent diätassistentin ernährungsberater ernährungsberaterin psychologe ' +
  'psychologin psychiater psychiaterin psychotherapeut psychotherapeutin psychoanalytiker ' +
  'psychoanalytikerin hörakustiker hörakustikerin zahnarzt zahnärztin chirurg chirurgin ' +
  'kinderarzt kinderärztin hausarzt hausärztin oberarzt oberärztin chefarzt chefärztin ' +
  'assistenzarzt assistenzärztin kardiologe kardiologin dermatologe dermatologin hautarzt ' +
  'hautärztin neurologe neurologin gynäkologe gynäkologin frauenarzt frauenärztin ' +
  'augenarzt augenärztin anästhesist anästhesistin urologe urologin onkologe onkologin ' +
  'orthopäde orthopädin kieferorthopäde kieferorthopädin internistin tierarzt tierärztin ' +
  'zahntechniker zahntechnikerin arzthelfer arzthelferin zahnarzthelferin dentalhygieniker ' +
  'dentalhygienikerin masseurin heilerziehungspfleger heilerziehungspflegerin laborant ' +
  'lehrer lehrerin grundschullehrer grundschullehrerin gymnasiallehrer gymnasiallehrerin ' +
  'lehrkraft schulleiter schulleiterin rektor rektorin dozent dozentin lektor lektorin ' +
  'tutorin erzieher erzieherin kindergärtner kindergärtnerin sozialpädagoge ' +
  'sozialpädagogin pädagoge pädagogin sonderpädagoge sonderpädagogin heilpädagoge ' +
  'heilpädagogin sozialarbeiter sozialarbeiterin referendar referendarin nachhilfelehrer ' +
  'nachhilfelehrerin ausbilder ausbilderin trainerin bibliothekar bibliothekarin archivar ' +
  'archivarin kurator kuratorin restaurator restauratorin konservator konservatorin ' +
  'tagesmutter tagesvater babysitterin au-pair doktorand doktorandin masterstudent ' +
  'masterstudentin bachelorstudent bachelorstudentin werkstudent werkstudentin praktikant ' +
  'praktikantin azubi auszubildende auszubildender lehrling habilitand habilitandin ' +
  'privatdozent privatdozentin juniorprofessor juniorprofessorin hiwi gymnasiast ' +
  'gymnasiastin schüler schülerin abiturient abiturientin erstsemester studienrat ' +
  'studienrätin musiker musikerin schauspieler schauspielerin tänzer tänzerin fotograf ' +
  'fotografin illustratorin künstler künstlerin zeichner zeichnerin karikaturist ' +
  'karikaturistin komponist komponistin dirigent dirigentin sänger sängerin liedermacher ' +
  'liedermacherin texter texterin pianistin geiger geigerin cellistin gitarrist ' +
  'gitarristin schlagzeuger schlagzeugerin bassistin organistin saxophonistin trompeter ' +
  'trompeterin flötist flötistin harfenist harfenistin choreograf choreografin choreograph ' +
  'choreographin dramatiker dramatikerin drehbuchautor drehbuchautorin schriftsteller ' +
  'schriftstellerin dichterin lyriker lyrikerin autorin journalistin reporterin redakteur ' +
  'redakteurin kolumnist kolumnistin verleger verlegerin übersetzer übersetzerin ' +
  'dolmetscher dolmetscherin filmemacher filmemacherin regisseur regisseurin produzent ' +
  'produzentin kabarettist kabarettistin komiker komikerin zauberer zauberin ' +
  'zauberkünstler zauberkünstlerin puppenspieler puppenspielerin jongleurin akrobat ' +
  'akrobatin kalligraf kalligrafin typograf typografin grafiker grafikerin grafikdesigner ' +
  'grafikdesignerin mediengestalter mediengestalterin designerin werbetexter werbetexterin ' +
  'bloggerin youtuberin influencerin moderator moderatorin sprecher sprecherin erzähler ' +
  'erzählerin tätowierer tätowiererin friseur friseurin frisör frisörin kosmetiker ' +
  'kosmetikerin maskenbildner maskenbildnerin visagist visagistin nageldesigner ' +
  'nageldesignerin barbier architekt architektin innenarchitekt innenarchitektin ' +
  'dekorateur dekorateurin vergolder vergolderin kameramann kamerafrau cutter cutterin ' +
  'fotojournalist fotojournalistin bühnenbildner bühnenbildnerin kostümbildner ' +
  'kostümbildnerin tonmeister tonmeisterin buchhalter buchhalterin steuerberater ' +
  'steuerberaterin wirtschaftsprüfer wirtschaftsprüferin rechtsanwaltsfachangestellte ' +
  'steuerfachangestellte notar notarin sachbearbeiter sachbearbeiterin sekretär sekretärin ' +
  'bürokaufmann bürokauffrau kauffrau industriekaufmann industriekauffrau bankkaufmann ' +
  'bankkauffrau einzelhandelskaufmann einzelhandelskauffrau versicherungskaufmann ' +
  'versicherungskauffrau immobilienkaufmann immobilienkauffrau speditionskaufmann ' +
  'speditionskauffrau rezeptionist rezeptionistin verkäufer verkäuferin einkäufer ' +
  'einkäuferin recruiterin makler maklerin immobilienmakler immobilienmaklerin ' +
  'börsenmakler börsenmaklerin aktuar aktuarin bankerin kassierer kassiererin ökonom ' +
  'ökonomin volkswirt volkswirtin betriebswirt betriebswirtin statistiker statistikerin ' +
  'analystin berater beraterin unternehmensberater unternehmensberaterin unternehmer ' +
  'unternehmerin geschäftsmann geschäftsfrau händler händlerin ladenbesitzer ' +
  'ladenbesitzerin auktionator auktionatorin gutachter gutachterin schatzmeister ' +
  'schatzmeisterin controller controllerin anwalt anwältin rechtsanwalt rechtsanwältin ' +
  'jurist juristin staatsanwalt staatsanwältin mediatorin gerichtsvollzieher ' +
  'gerichtsvollzieherin justiziar justiziarin disponent disponentin logistiker ' +
  'logistikerin lagerist lageristin reinigungskraft putzfrau haushälterin portier ' +
  'portierin türsteher türsteherin rettungsschwimmer rettungsschwimmerin bademeister ' +
  'bademeisterin leibwächter leibwächterin wachmann postbote postbotin briefträger ' +
  'briefträgerin zusteller zustellerin kurierfahrer kurierfahrerin fahrradkurier beamter ' +
  'beamtin beamte gründer gründerin mitgründer mitgründerin investorin buchhändler ' +
  'buchhändlerin geschäftsführer geschäftsführerin managerin referent referentin korrektor ' +
  'korrektorin telefonist telefonistin fachinformatiker fachinformatikerin entwickler ' +
  'entwicklerin softwareentwickler softwareentwicklerin webentwickler webentwicklerin ' +
  'programmierer programmiererin informatiker informatikerin systemadministrator ' +
  'systemadministratorin testerin polizist polizistin polizeibeamter polizeibeamtin ' +
  'kommissar kommissarin feuerwehrmann feuerwehrfrau soldatin offizier offizierin matrose ' +
  'matrosin seemann diplomatin botschafter botschafterin zöllner zöllnerin zollbeamter ' +
  'zollbeamtin bürgermeister bürgermeisterin abgeordneter abgeordnete politiker ' +
  'politikerin senatorin stadtrat stadträtin feldwebel leutnant justizvollzugsbeamter ' +
  'justizvollzugsbeamtin detektiv detektivin ermittler ermittlerin kriminalbeamter ' +
  'kriminalbeamtin richterin pfarrer pfarrerin pastorin priester priesterin diakon ' +
  'diakonin rabbiner rabbinerin nonne mönch missionar missionarin seelsorger seelsorgerin ' +
  'fahrer fahrerin busfahrer busfahrerin lkw-fahrer lkw-fahrerin berufskraftfahrer ' +
  'berufskraftfahrerin taxifahrer taxifahrerin lokführer lokführerin pilotin flugbegleiter ' +
  'flugbegleiterin fluglotse fluglotsin schaffner schaffnerin zugbegleiter zugbegleiterin ' +
  'paketbote paketbotin spediteur spediteurin binnenschiffer binnenschifferin steuermann ' +
  'steuerfrau lotse lotsin astronautin kranführer kranführerin staplerfahrer ' +
  'staplerfahrerin fahrlehrer fahrlehrerin biologe biologin chemiker chemikerin physiker ' +
  'physikerin geologe geologin hydrogeologe hydrogeologin hydrologe hydrologin ozeanograf ' +
  'ozeanografin ozeanograph ozeanographin entomologe entomologin ornithologe ornithologin ' +
  'virologe virologin immunologe immunologin toxikologe toxikologin pharmakologe ' +
  'pharmakologin epidemiologe epidemiologin demograf demografin demograph demographin ' +
  'kartograf kartografin kartograph kartographin vulkanologe vulkanologin seismologe ' +
  'seismologin glaziologe glaziologin geograf geografin geograph geographin geophysiker ' +
  'geophysikerin geochemiker geochemikerin biochemiker biochemikerin mikrobiologe ' +
  'mikrobiologin bakteriologe bakteriologin mykologe mykologin botaniker botanikerin ' +
  'zoologe zoologin ökologe ökologin verhaltensforscher verhaltensforscherin primatologe ' +
  'primatologin herpetologe herpetologin ichthyologe ichthyologin paläontologe ' +
  'paläontologin archäologe archäologin anthropologe anthropologin soziologe soziologin ' +
  'linguistin sprachwissenschaftler sprachwissenschaftlerin philologe philologin ' +
  'historiker historikerin philosoph philosophin mathematiker mathematikerin astronom ' +
  'astronomin astrophysiker astrophysikerin kosmologe kosmologin meteorologe meteorologin ' +
  'klimatologe klimatologin klimaforscher klimaforscherin limnologe limnologin genetiker ' +
  'genetikerin neurowissenschaftler neurowissenschaftlerin physiologe physiologin anatom ' +
  'anatomin endokrinologe endokrinologin hämatologe hämatologin parasitologe parasitologin ' +
  'kriminologe kriminologin theologe theologin musikwissenschaftler musikwissenschaftlerin ' +
  'numismatiker numismatikerin genealoge genealogin lexikograf lexikografin taxonom ' +
  'taxonomin kristallograf kristallografin metallurge metallurgin mineraloge mineralogin ' +
  'petrologe petrologin sedimentologe sedimentologin hydrograf hydrografin ägyptologe ' +
  'ägyptologin palynologe palynologin biophysiker biophysikerin biostatistiker ' +
  'biostatistikerin psycholinguistin neurobiologe neurobiologin gerontologe gerontologin ' +
  'ethnologe ethnologin ethnograf ethnografin speläologe speläologin höhlenforscher ' +
  'höhlenforscherin geomorphologe geomorphologin bodenkundler bodenkundlerin politologe ' +
  'politologin politikwissenschaftler politikwissenschaftlerin bioinformatiker ' +
  'bioinformatikerin agrarwissenschaftler agrarwissenschaftlerin germanist germanistin ' +
  'romanist romanistin anglist anglistin sinologe sinologin meeresbiologe meeresbiologin ' +
  'vogelbeobachter vogelbeobachterin hobbyastronom hobbyastronomin hobbygärtner ' +
  'hobbygärtnerin hobbyfotograf hobbyfotografin anglerin funkamateur heimwerker ' +
  'heimwerkerin taubenzüchter taubenzüchterin bergsteiger bergsteigerin ' +
  // Arabic
  'كهربائي سباك سباكة لحام مبلط نجار نجارة حداد خياط خياطة دهان ميكانيكي ' +
  'سمكري حلاق صائغ صائغة ساعاتي إسكافي منجد منجدة بستاني جنائني فني ' +
  'مساح حرفي مقاول خراط خزاف خزافة نحات نحاتة نساج نساجة صباغ دباغ بيطار منقب غطاس ' +
  'غطاسة مزارع مزارعة مربي نحال نحالة راعي صياد صيادة خباز خبازة فران جزار جزارة ' +
  'قصاب حلواني طباخ طباخة شيف نادل نادلة ساقي بائع بائعة بقال حطاب حطابة عطار سماك ' +
  'قهوجي عشاب عشابة ممرض ممرضة قابلة مولدة معالج معالجة مسعف مسعفة صيدلي صيدلاني صيدلانية ' +
  'نظاراتي جراح بيطري مدلك مدلكة نفساني مخبري معلم معلمة مدرس محاضر ' +
  'مربية ناظر ناظرة موجه موجهة أرشيفي مرمم مرممة معيد معيدة متدرب متدربة خريج ' +
  'خريجة تلميذ تلميذة مبتعث مبتعثة مدرب مدربة مدير مديرة موسيقي ممثل ممثلة راقص ' +
  'راقصة مصور مصورة رسام رسامة فنان فنانة مطرب مطربة مغني مغنية ملحن ملحنة عازف عازفة شاعر ' +
  'شاعرة كاتب كاتبة روائي روائية صحفي صحفية صحافي صحافية مراسل مراسلة محرر محررة ناشر ' +
  'ناشرة مترجم مترجمة مخرج مخرجة بهلوان مهرج مهرجة خطاط خطاطة مصمم مصممة مدون مدونة ' +
  'يوتيوبر مذيع مذيعة راوي حكواتي مزين مزينة كوافير معماري مونتير ' +
  'سيناريست منشد منشدة قاص قاصة ناقد ناقدة طبال طبالة محاسب محاسبة مدقق مدققة موثق موثقة ' +
  'سكرتير سكرتيرة موظف موظفة مندوب مندوبة وسيط وسيطة سمسار سمسارة اكتواري مصرفي ' +
  'صراف صرافة اقتصادي إحصائي محلل محللة مستشار مستشارة ريادي ' +
  'تاجر تاجرة محامي محام محامية مفتش مفتشة محقق محققة حارس حارسة بواب منظف منظفة ' +
  'خادم خادمة ساعي موزع موزعة منسق منسقة مسوق مسوقة مؤسس مستثمر مستثمرة كتبي عتال حمال ' +
  'مبرمج مبرمجة مطور مطورة هاكر تقني شرطي دركي إطفائي جندي عسكري ' +
  'ضابط ضابطة بحار دبلوماسي سفير سفيرة نائب نائبة عمدة سياسي رقيب ' +
  'ملازم عقيد سجان سجانة إمام قس كاهن كاهنة راهب راهبة حاخام مبشر مبشرة مؤذن مظلي جمركي ' +
  'مأمور سائق سائقة طيار طيارة ملاح مضيف مضيفة قبطان ربان شوفير كابتن جيولوجي ' +
  'أحيائي كيميائي فيزيائي فلكي مؤرخ مؤرخة فيلسوف ' +
  'فيلسوفة لغوي جغرافي آثاري جيوفيزيائي مستشرق مستشرقة معجمي ' +
  'فقيه فقيهة نسابة رحالة'
).split(' ');

/** Words that qualify an occupation in front of it or after it ("self-employed", "autónoma"). */
export const OCCUPATION_QUALIFIERS: readonly string[] = (
  'self-employed freelance independent senior junior chief trainee apprentice ' + // English
  'certified licensed registered qualified chartered accredited master head assistant ' +
  'deputy associate part-time full-time volunteer amateur lead professional aspiring ' +
  'budding newly-qualified probationary locum visiting adjunct tenured specialist ' +
  'self-taught ' +
  // French
  'indépendant indépendante libéral libérale salarié salariée chef stagiaire apprenti ' +
  'apprentie diplômé diplômée certifié certifiée agréé agréée qualifié qualifiée confirmé ' +
  'confirmée maître principal principale adjoint adjointe assistante intérimaire vacataire ' +
  'contractuel contractuelle titulaire bénévole amatrice professionnel professionnelle ' +
  'débutant débutante expert experte suppléant suppléante remplaçant remplaçante ' +
  // Spanish
  'autónomo autónoma independiente titulado titulada colegiado colegiada certificado ' +
  'certificada diplomado diplomada cualificado cualificada calificado calificada ' +
  'acreditado acreditada jefe jefa sénior júnior auxiliar adjunto adjunta asistente ' +
  'ayudante maestro oficial aprendiz interino interina eventual temporal fijo fija ' +
  'voluntario voluntaria aficionado aficionada profesional principiante suplente sustituto ' +
  'sustituta titular asociado asociada ' +
  // Portuguese
  'autônomo autônoma frila independente liberal concursado concursada efetivo efetiva ' +
  'contratado contratada terceirizado terceirizada temporário temporária substituto ' +
  'substituta formado formada qualificado qualificada credenciado credenciada habilitado ' +
  'habilitada registrado registrada sênior chefe assistente voluntário voluntária amador ' +
  'amadora profissional iniciante mestre encarregado encarregada associado associada ' +
  // Italian
  'libero libera autonomo autonoma indipendente abilitato abilitata iscritto iscritta ' +
  'certificato certificata qualificato qualificata diplomato diplomata laureato laureata ' +
  'capo aiuto vice sostituto sostituta supplente precario precaria volontario volontaria ' +
  'dilettante amatoriale professionista esperto esperta mastro titolare aggiunto aggiunta ' +
  'ordinario ordinaria associato associata ' +
  // German
  'selbstständig selbstständiger selbstständige selbständig selbständiger selbständige ' +
  'freiberuflich freiberufler freiberuflerin freischaffend freischaffender freischaffende ' +
  'freier freie leitend leitender leitende stellvertretend stellvertretender ' +
  'stellvertretende staatlich geprüft geprüfter geprüfte zertifiziert zertifizierter ' +
  'zertifizierte examiniert examinierter examinierte approbiert approbierter approbierte ' +
  'diplomiert diplomierter diplomierte ausgebildet ausgebildeter ausgebildete gelernt ' +
  'gelernter gelernte angehend angehender angehende meister meisterin ehrenamtlich ' +
  'ehrenamtlicher ehrenamtliche teilzeit vollzeit verbeamtet verbeamteter verbeamtete ' +
  'studentisch studentische wissenschaftlicher wissenschaftliche ' +
  // Arabic
  'مستقل مستقلة حر حرة كبير كبيرة رئيس رئيسة رئيسي رئيسية أقدم مساعد مساعدة نائب نائبة ' +
  'متدرب متدربة متمرن متمرنة مبتدئ مبتدئة خبير خبيرة معتمد معتمدة مرخص مرخصة مسجل مسجلة ' +
  'مؤهل مؤهلة متطوع متطوعة هاوي هاوية محترف محترفة متعاقد متعاقدة مؤقت مؤقتة دائم دائمة ' +
  'أسطى مشرف مشرفة'
).split(' ');
